import CamschedCore
import CamschedScheduler
import Foundation
import Hummingbird

/// `stream.mjpg`: `multipart/x-mixed-replace` JPEG parts of a job's stream, at most five a
/// second. Each part is the first frame after the client is ready for it (of an H.264 stream, the
/// first keyframe), so a slow client gets fewer parts, never older ones; a client that stops
/// reading is dropped after ``stallLimit`` (the write is cancelled and the connection closed), so
/// nothing queues up for it. A frame that gives no picture is left out; the stream ends when the
/// job stops streaming, or after ``failuresInARow`` frames in a row that gave none (the log says
/// why, once).
enum MJPEGStream {
    static let boundary = "camschedframe"
    static let minimumPeriod: Duration = .milliseconds(200)
    static let stallLimit: Duration = .seconds(5)
    /// The stream connection's socket send buffer in bytes (Linux doubles it for its own use).
    static let sendBuffer = 32 * 1024
    static let failuresInARow = 3

    /// The answer, starting with the picture `first` the route has made.
    static func response(first: Data, job: String, tap: FrameTap, previews: LivePreviews) -> Response {
        let body = ResponseBody { writer in
            let clock = ContinuousClock()
            var last = clock.now
            try await StallGuard.write(part(first), to: &writer, within: stallLimit)
            var failures = 0
            while !Task.isCancelled, failures < failuresInARow {
                try await Task.sleep(until: last + minimumPeriod, clock: clock)
                last = clock.now
                switch await previews.next(of: job, tap: tap) {
                case let .jpeg(jpeg):
                    failures = 0
                    try await StallGuard.write(part(jpeg), to: &writer, within: stallLimit)
                case .unavailable: failures += 1
                case .notStreaming: failures = failuresInARow
                }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [
            .contentType: "multipart/x-mixed-replace; boundary=\(boundary)", .cacheControl: "no-store",
        ], body: body)
    }

    private static func part(_ jpeg: Data) -> ByteBuffer {
        var part = ByteBuffer()
        part.writeString("--\(boundary)\r\nContent-Type: image/jpeg\r\nContent-Length: \(jpeg.count)\r\n\r\n")
        part.writeBytes(jpeg)
        part.writeString("\r\n")
        return part
    }
}

/// A write that gives up on a client that does not read.
enum StallGuard {
    struct StalledClient: Error {}

    /// Holds the writer while a child task writes with it.
    /// Unchecked: Hummingbird's writer is not Sendable; one child task writes with it while the
    /// parent only waits, and the box is dropped before the parent writes again.
    private final class WriterBox: @unchecked Sendable {
        var writer: any ResponseBodyWriter
        init(_ writer: any ResponseBodyWriter) { self.writer = writer }
    }

    /// Writes `buffer`, or throws ``StalledClient`` when the client has not taken it within
    /// `limit` (the pending write is cancelled; the server then closes the connection).
    static func write(_ buffer: ByteBuffer, to writer: inout any ResponseBodyWriter, within limit: Duration) async throws {
        let box = WriterBox(writer)
        let wrote = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await box.writer.write(buffer)
                return true
            }
            group.addTask {
                await Deadline.passes(after: limit)
                return false
            }
            let first = try await group.next() ?? false
            group.cancelAll()
            return first
        }
        writer = box.writer
        if !wrote { throw StalledClient() }
    }
}
