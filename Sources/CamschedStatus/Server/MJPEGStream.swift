import CamschedCore
import CamschedScheduler
import Foundation
import Hummingbird

/// `stream.mjpg`: `multipart/x-mixed-replace` JPEG parts of a job's stream, at most five a
/// second. Each part is the first frame after the client is ready for it, so a slow client gets
/// fewer parts, never older ones; a client that stops reading is dropped after ``stallLimit``
/// (the write is cancelled and the connection closed), so nothing queues up for it.
enum MJPEGStream {
    static let boundary = "camschedframe"
    static let minimumPeriod: Duration = .milliseconds(200)
    static let stallLimit: Duration = .seconds(5)
    /// The stream connection's socket send buffer in bytes (Linux doubles it for its own use).
    static let sendBuffer = 32 * 1024
    /// How long to wait for the next frame before the stream is taken as ended.
    static let frameWait: Duration = .seconds(3)

    static func response(tap: FrameTap) -> Response {
        let body = ResponseBody { writer in
            let clock = ContinuousClock()
            var last = clock.now - minimumPeriod
            while !Task.isCancelled {
                try await Task.sleep(until: last + minimumPeriod, clock: clock)
                last = clock.now
                guard let frame = await tap.nextFrame(timeout: frameWait) else { break }
                let jpeg = try PreviewEncoder.jpeg(frame)
                var part = ByteBuffer()
                part.writeString("--\(boundary)\r\nContent-Type: image/jpeg\r\nContent-Length: \(jpeg.count)\r\n\r\n")
                part.writeBytes(jpeg)
                part.writeString("\r\n")
                try await StallGuard.write(part, to: &writer, within: stallLimit)
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [
            .contentType: "multipart/x-mixed-replace; boundary=\(boundary)", .cacheControl: "no-store",
        ], body: body)
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
                try? await Task.sleep(for: limit)
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
