import CamschedCore
import CamschedLibcamera
import CamschedTestSupport
import Foundation
import Testing

/// libcamera cameras through camsched's libcamera module (CamschedLibcamera over
/// libcamsched-libcamera.so) on a real libcamera: Debian's 0.0.3 driving vimc in the guest.
@Suite(.serialized, .enabled(if: VividEnvironment.isRequired))
struct VividLibcameraTests {
    /// libcamera's id of vimc's one camera (its pipeline handler names it after the platform
    /// device and the sensor entity).
    static let vimcID = "platform/vimc.0 Sensor B"

    @Test func vimcIsOneCameraWithItsModesAndControls() throws {
        try VimcModule.load()
        let manager = try LibcameraManager()
        let cameras = manager.cameras()
        // vimc's media graph has several /dev/video* nodes and subdevices: libcamera lists one camera.
        #expect(cameras.map(\.id) == [Self.vimcID])
        #expect(cameras.first?.model == "Sensor B")
        let camera = try manager.open(id: nil)
        #expect(camera.info.id == Self.vimcID)
        let formats = camera.streamFormats()
        #expect(formats.contains { $0.name == "BGR888" && $0.width == 640 && $0.height == 480 })
        #expect(formats.contains { $0.name == "RGB888" && $0.width == 1920 && $0.height == 1080 })
        #expect(formats.allSatisfy { $0.v4l2PixelFormat != nil })
        let controls = Dictionary(camera.controls().map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // vimc's sensor has brightness, contrast, saturation and hue, which libcamera maps to its controls.
        let brightness = try #require(controls["Brightness"], "vimc's controls: \(controls.keys.sorted())")
        #expect(brightness.type == .float)
        #expect((brightness.minimum.number ?? 0) < (brightness.maximum.number ?? 0))
        #expect(controls["Contrast"] != nil)
    }

    /// 10 frames at 640x480 (or what vimc makes of it): dimensions, strictly increasing
    /// sequence numbers and sensor timestamps, metadata read from each request.
    @Test func tenFramesArriveInOrderWithTheirMetadata() throws {
        try VimcModule.load()
        let manager = try LibcameraManager()
        let camera = try manager.open(id: Self.vimcID)
        try camera.acquire()
        defer { camera.release() }
        let applied = try camera.configure(LibcameraConfiguration(pixelFormat: FourCC("BG24"), width: 640, height: 480, bufferCount: 4))
        #expect(applied.pixelFormatName == "BGR888")
        #expect(applied.height == 480)
        #expect((632...640).contains(applied.width ?? 0), "vimc rounds widths; applied \(applied.width ?? 0)")
        #expect(applied.stride >= (applied.width ?? 0) * 3)
        #expect(applied.bufferCount == 4)
        try camera.start()
        var sequences: [UInt32] = [], stamps: [UInt64] = []
        let before = UInt64(MonotonicClock.nanoseconds())
        for _ in 0..<10 {
            guard case .frame(let frame) = try camera.waitForFrame(timeout: .seconds(20)) else {
                Issue.record("no frame within 20 s after \(sequences.count)"); break
            }
            #expect(!frame.isDamaged)
            #expect(frame.planes.count == 1)
            #expect(frame.planes.first?.count == applied.stride * (applied.height ?? 0))
            #expect(frame.planes.first.map { $0.contains { $0 != 0 } } == true, "the frame is all zeros")
            let stamp = try #require(frame.sensorTimestamp, "no SensorTimestamp in \(frame.metadata.values.keys.sorted())")
            sequences.append(frame.sequence)
            stamps.append(stamp)
            try camera.requeue(frame)
        }
        try camera.stop()
        #expect(sequences.count == 10)
        #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 }, "sequences \(sequences)")
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 }, "timestamps \(stamps)")
        // SensorTimestamp is CLOCK_MONOTONIC: between the start and now.
        #expect(stamps.allSatisfy { $0 >= before && $0 <= UInt64(MonotonicClock.nanoseconds()) })
    }

    /// A wait on a stopped stream ends at its deadline, not earlier and not never; a wait
    /// cancelled from another thread ends at the cancel.
    @Test func aWaitEndsAtItsDeadlineOrItsCancel() throws {
        try VimcModule.load()
        let manager = try LibcameraManager()
        let camera = try manager.open(id: Self.vimcID)
        try camera.acquire()
        defer { camera.release() }
        _ = try camera.configure(LibcameraConfiguration(width: 320, height: 240, bufferCount: 2))
        try camera.start()
        guard case .frame = try camera.waitForFrame(timeout: .seconds(20)) else { Issue.record("no first frame"); return }
        try camera.stop()
        let clock = ContinuousClock()
        let waited = try clock.measure {
            guard case .timedOut = try camera.waitForFrame(timeout: .seconds(2)) else { Issue.record("a stopped stream gave a frame"); return }
        }
        #expect(waited >= .seconds(2) && waited < .seconds(10), "waited \(waited)")

        let canceller = Thread { Thread.sleep(forTimeInterval: 0.5); camera.cancelWait() }
        let cancelled = try clock.measure {
            canceller.start()
            guard case .cancelled = try camera.waitForFrame(timeout: .seconds(60)) else { Issue.record("the wait was not cancelled"); return }
        }
        #expect(cancelled >= .milliseconds(500) && cancelled < .seconds(30), "cancelled after \(cancelled)")
    }

    /// libcamera's own `cam` in the same guest captures the same number of frames.
    @Test func camCapturesAsMany() throws {
        try VimcModule.load()
        let result = try ProcessRunner.run("/usr/bin/cam", ["-c", "1", "--capture=10", "-s", "width=640,height=480"], timeout: 120)
        #expect(result.status == 0, "cam: \(result.stderr)")
        #expect(result.stdout.split(separator: "\n").filter { $0.contains("seq:") }.count == 10, "cam said: \(result.stdout)")
    }
}
