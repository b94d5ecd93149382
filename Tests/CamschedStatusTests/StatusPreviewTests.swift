import CamschedCore
import CamschedJobs
import CamschedScheduler
@testable import CamschedStatus
import CamschedTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// A preview that cannot be made says why (issue 43): `503` with the reason as text, for
/// `preview.jpg` and `stream.mjpg` alike (they answered 500 with an empty body), and one line
/// in the log however often it is asked. In-process, through the router.
@Suite struct StatusPreviewTests {
    /// An H.264 "keyframe" that cannot decode: an IDR slice of noise without parameter sets.
    static func brokenKeyframe(_ sequence: UInt32) -> VideoFrame {
        let bytes: [UInt8] = [0, 0, 0, 1, 0x65] + (0..<400).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        return bytes.withUnsafeBytes {
            VideoFrame(width: 320, height: 180, pixelFormat: .h264, bytesPerLine: 0, copying: $0, sequence: sequence,
                       timestampNanoseconds: Int64(sequence) * 66_666_667, wallClock: Date())
        }
    }

    static func server(logger: Logger) throws -> (StatusServer, FrameTap) {
        let job = try JobLoader.load(data: Data(#"{"name": "garden", "capture": {"record": {"duration": "1h", "codec": "copy"}}}"#.utf8), sourceURL: nil)
        let listing = JobListing(job: job, root: URL(fileURLWithPath: "/tmp"))
        let exposition = PrometheusExposition()
        let board = StatusBoard(metrics: StatusMetrics(factory: exposition.factory))
        let server = try StatusServer(address: try ListenAddress(parsing: "127.0.0.1:0"), token: nil, board: board,
                                      control: StatusControl(jobs: { [listing] }, runNow: { _ in .running }),
                                      exposition: exposition, logger: logger)
        let tap = board.tap(for: "garden")
        tap.configured(fps: 15, keyframes: true)
        return (server, tap)
    }

    @Test func anUndecodableKeyframeIsA503WithTheReasonLoggedOnce() async throws {
        let (logger, log) = RecordingLogHandler.logger()
        let (server, tap) = try Self.server(logger: logger)
        // The job streams before the first request (a task started under the parallel suite's
        // load may not have run yet: the request then saw a job not streaming, a 404).
        tap.observe(Self.brokenKeyframe(0))
        // The run's thread: a frame every 10 ms, copied when a client asked.
        let camera = Task {
            var sequence: UInt32 = 1
            while !Task.isCancelled {
                tap.observe(Self.brokenKeyframe(sequence))
                sequence += 1
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        defer { camera.cancel() }
        try await StatusRoutesTests.test(server) { client in
            for path in ["/jobs/garden/preview.jpg", "/jobs/garden/preview.jpg", "/jobs/garden/stream.mjpg"] {
                let response = try await client.execute(uri: path, method: .get)
                let text = String(buffer: response.body)
                #expect(response.status == .serviceUnavailable, "\(path): \(response.status)")
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8", "\(path)")
                #expect(text.hasPrefix("no preview of garden: the camera's H.264 keyframe did not decode"), "\(path): \(text)")
            }
        }
        let lines = log.all.filter { $0.1.contains("no preview of garden") }
        #expect(lines.count == 1, "said once, not per request: \(lines)")
        #expect(lines.first?.0 == .warning)
    }

    /// A stream whose keyframe does not come within the wait: the reason names the keyframe
    /// interval; a job that does not stream is still a `404`.
    @Test func noKeyframeWithinTheWaitSaysSo() async throws {
        let (logger, log) = RecordingLogHandler.logger()
        let (_, tap) = try Self.server(logger: logger)
        let previews = LivePreviews(logger: logger, keyframeWait: .milliseconds(300))
        #expect(await previews.next(of: "garden", tap: tap).isNotStreaming, "before the first frame")
        // Streaming, but no frame comes after this one.
        tap.observe(Self.brokenKeyframe(0))
        let picture = await previews.next(of: "garden", tap: tap)
        guard case let .unavailable(failure) = picture else {
            Issue.record("expected no picture, got \(picture)")
            return
        }
        #expect(failure == .noKeyframe(wait: .milliseconds(300)))
        let response = picture.response(job: "garden")
        #expect(response.status == .serviceUnavailable)
        #expect("\(failure)".hasPrefix("the camera sent no H.264 keyframe within 0.3 s"), "\(failure)")
        #expect(log.contains("no preview of garden: the camera sent no H.264 keyframe"))
    }
}

extension LivePreviews.Picture {
    var isNotStreaming: Bool {
        if case .notStreaming = self { return true }
        return false
    }
}
