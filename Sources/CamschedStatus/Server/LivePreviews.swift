import CamschedCore
import CamschedScheduler
import Foundation
import Hummingbird
import Logging
import Synchronization

/// The preview pictures of the jobs' streams, for `preview.jpg` and `stream.mjpg`: the next frame
/// of a job's tap (of an H.264 stream, its next keyframe), as a JPEG made on the client's task.
/// Clients that get the same frame share one JPEG (the newest is kept per job, so memory is one
/// picture per job), and a preview that cannot be made says why: in the answer, and once in the
/// log until a preview of that job works again.
final class LivePreviews: Sendable {
    /// What a request for a job's next picture gets.
    enum Picture: Sendable {
        case jpeg(Data)
        /// The job does not stream: `404`, with the sentence.
        case notStreaming(String)
        /// It streams, but no picture could be made: `503`, with the reason.
        case unavailable(PreviewFailure)
    }

    /// How long to wait for the next frame of a stream of every frame (more for a slow camera).
    static let frameWait: Duration = .seconds(3)
    /// How long to wait for the next keyframe of an H.264 stream: a camera's keyframe interval
    /// is usually one to four seconds.
    static let keyframeWait: Duration = .seconds(10)

    private let logger: Logger
    private let waits: (frame: Duration, keyframe: Duration)
    private let newest = Mutex<[String: (sequence: UInt32, timestamp: Int64, jpeg: Data)]>([:])
    /// The kind of failure logged last, per job (cleared when a preview works again).
    private let logged = Mutex<[String: String]>([:])

    init(logger: Logger, frameWait: Duration = frameWait, keyframeWait: Duration = keyframeWait) {
        self.logger = logger
        waits = (frameWait, keyframeWait)
    }

    /// The job's next picture: waits for the next frame the tap copies (a keyframe, of an H.264
    /// stream), then decodes and encodes it unless another client already has.
    func next(of job: String, tap: FrameTap?) async -> Picture {
        guard let tap, tap.isStreaming else { return .notStreaming("\(job) is not streaming now (a preview never opens a camera)") }
        let wait = wait(for: tap)
        guard let frame = await tap.nextFrame(timeout: wait) else {
            guard tap.isStreaming, !Task.isCancelled else { return .notStreaming("\(job) stopped streaming") }
            return failed(job, tap.handsOutKeyframes ? .noKeyframe(wait: wait) : .noFrame(wait: wait))
        }
        let key = (sequence: frame.sequence, timestamp: frame.timestampNanoseconds)
        if let shared = newest.withLock({ $0[job].flatMap { $0.sequence == key.sequence && $0.timestamp == key.timestamp ? $0.jpeg : nil } }) {
            return .jpeg(shared)
        }
        do {
            let jpeg = try PreviewEncoder.jpeg(frame)
            newest.withLock { $0[job] = (key.sequence, key.timestamp, jpeg) }
            if logged.withLock({ $0.removeValue(forKey: job) }) != nil {
                logger.notice("live status: the preview of \(job) works again")
            }
            return .jpeg(jpeg)
        } catch {
            return failed(job, error)
        }
    }

    /// The wait for a frame: a keyframe interval, or a few frame intervals of a slow camera.
    func wait(for tap: FrameTap) -> Duration {
        let base = tap.handsOutKeyframes ? waits.keyframe : waits.frame
        let fps = tap.cameraFPS
        guard fps > 0 else { return base }
        return max(base, .milliseconds(Int64(3_000 / fps)))
    }

    private func failed(_ job: String, _ failure: PreviewFailure) -> Picture {
        let first = logged.withLock { logged in
            defer { logged[job] = failure.kind }
            return logged[job] != failure.kind
        }
        if first { logger.warning("live status: no preview of \(job): \(failure) (said once until it works again)") }
        return .unavailable(failure)
    }
}

extension LivePreviews.Picture {
    /// The answer of `preview.jpg`.
    func response(job: String) -> Response {
        switch self {
        case let .jpeg(data): HTTPReplies.bytes(data, type: "image/jpeg")
        case let .notStreaming(sentence): HTTPReplies.text(.notFound, sentence)
        case let .unavailable(failure): HTTPReplies.text(.serviceUnavailable, "no preview of \(job): \(failure)")
        }
    }
}
