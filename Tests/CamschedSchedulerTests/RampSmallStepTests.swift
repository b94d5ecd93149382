import CamschedCapture
import CamschedCore
import CamschedJobs
import CamschedTestSupport
import Foundation
import Testing
@testable import CamschedScheduler

/// An exposure ramp whose `maxStep` is smaller than the camera's units (a third of a 100 µs
/// unit at 15.6 ms, a third of a 1 % gain step): the steps add up shot by shot instead of each
/// rounding back to the value before, so a scene that stays too dark is followed.
@Suite struct RampSmallStepTests {
    /// A YUYV frame of one grey level (luma `level`, no colour).
    static func grey(_ level: UInt8, sequence: UInt32) -> VideoFrame {
        let (width, height) = (64, 36)
        let bytes = [UInt8]((0..<(width * height)).flatMap { _ in [level, 128] })
        return bytes.withUnsafeBytes {
            VideoFrame(width: width, height: height, pixelFormat: .yuyv, bytesPerLine: width * 2, copying: $0,
                       sequence: sequence, timestampNanoseconds: Int64(sequence) * 100_000_000, wallClock: Date())
        }
    }

    static func controls() -> [CameraControl] {
        [CameraControl(meaning: .exposureTime, name: "exposure_time_absolute", kind: .integer, minimum: 1, maximum: 10_000,
                       step: 1, defaultValue: 156, value: 156, unit: 0.0001),
         CameraControl(meaning: .gain, name: "gain", kind: .integer, minimum: 100, maximum: 1600, step: 1,
                       defaultValue: 100, value: 100)]
    }

    @Test(arguments: [0.005, 0.002])
    func stepsSmallerThanAUnitAddUp(maxStep: Double) throws {
        let job = try JobLoader.load(data: Data("""
            {"name": "r", "camera": {"device": "test:", "exposure": {"mode": "ramp", "target": 0.45, "maxExposure": "1s", "maxGain": 4, "maxStep": \(maxStep)}},
             "capture": {"interval": {"every": "10s", "count": 100}}, "output": {"root": "out"}}
            """.utf8), sourceURL: nil)
        let driver = try #require(ExposureRampDriver(job: job, every: .seconds(10)))
        let stream = ScriptedFrameStream(clock: ManualCaptureClock())
        stream.controlTable = Self.controls()
        // A scene that stays too dark (luma 60 of 255: about 1.3 EV under the target): every shot
        // wants the whole maxStep up.
        let shots = 100
        for shot in 0..<shots { _ = try driver.step(on: Self.grey(60, sequence: UInt32(shot)), stream: stream) }
        let exposure = try #require(try stream.getControl(.meaning(.exposureTime)).real)
        let gain = try #require(try stream.getControl(.meaning(.gain)).real) / 100
        let moved = log2(exposure * gain / 156)
        // The whole of it, to the last unit's rounding (1/156 of the start: 0.01 EV).
        #expect(abs(moved - Double(shots) * maxStep) < 0.012, "moved \(moved) EV in \(shots) steps of \(maxStep) EV")
    }
}
