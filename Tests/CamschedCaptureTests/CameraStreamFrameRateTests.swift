import CamschedCore
import CamschedCapture
import CamschedMedia
import Foundation
import Testing

/// A camera slowed down between time-lapse shots (`IdleFrameRate`) runs at the slow rate, but
/// the stream's `info` — what sidecars, the modes and the status page's fps target read —
/// keeps the job's rate; `frameRateInForce` says what the camera runs at.
@Suite struct CameraStreamFrameRateTests {
    static func stream(fps: Double) -> CameraStream {
        CameraStream(warmup: .zero) { () throws(CameraError) -> CaptureSession in
            var options = SyntheticCameraOptions()
            options.width = 320
            options.height = 180
            options.fps = fps
            let session = CaptureSession(camera: Camera.synthetic(options: options))
            var request = CameraRequest()
            request.size = .exact(width: 320, height: 180)
            request.fps = fps
            try session.configure(request)
            return session
        }
    }

    /// The gap between two frames pulled one after the other, in seconds.
    static func frameGap(_ stream: CameraStream) throws -> Double {
        var times: [Int64] = []
        while times.count < 2 {
            if case let .frame(frame)? = try stream.next(timeout: .seconds(2)) { times.append(frame.timestampNanoseconds) }
        }
        return Double(times[1] - times[0]) / 1e9
    }

    @Test func theStreamKeepsTheJobsRateWhileTheCameraRunsSlower() throws {
        let stream = Self.stream(fps: 30)
        try stream.start()
        defer { stream.stop() }
        #expect(stream.info?.format.fps == 30 && stream.frameRateInForce == 30)
        #expect(stream.changeFrameRate(5) == 5)
        #expect(stream.info?.format.fps == 30, "the job's rate, not the idle one")
        #expect(stream.frameRateInForce == 5)
        // The camera really is slower: after the frame already on its way, 0.2 s apart.
        _ = try Self.frameGap(stream)
        let slow = try Self.frameGap(stream)
        #expect(abs(slow - 0.2) < 0.01, "\(slow) s between frames at 5 fps")
        #expect(stream.changeFrameRate(30) == 30)
        #expect(stream.info?.format.fps == 30 && stream.frameRateInForce == 30)
    }

    @Test func aStreamStartedAgainRunsAtTheJobsRate() throws {
        let stream = Self.stream(fps: 30)
        try stream.start()
        #expect(stream.changeFrameRate(10) == 10)
        stream.stop()
        try stream.start()
        defer { stream.stop() }
        #expect(stream.info?.format.fps == 30 && stream.frameRateInForce == 30)
        _ = try Self.frameGap(stream)
        let gap = try Self.frameGap(stream)
        #expect(abs(gap - 1.0 / 30) < 0.005, "\(gap) s between frames at 30 fps")
    }
}
