import CamschedCore
import CamschedMedia
import Logging

/// Keeps a camera's damaged frames from everything after the capture session — stills, copied
/// and encoded recordings, triggers, the preview — through a ``CompressedFrameValidator``: the
/// one place a frame is judged. A refused frame is a dropped frame (the session counts it with
/// the frames the camera lost), never a lost camera, so a recording goes on in the same file.
///
/// A back-end that decodes what it receives (a network camera's pictures) hands on a packet it
/// could not decode as it came, in its compressed format: refused here with the rest, so its
/// loss is counted and logged like any other.
///
/// Refusals are logged folded — a camera that sends 30 damaged frames a second must not write
/// 30 lines a second: the first at once, then at most one line every ``foldInterval`` with how
/// many followed, and what was not reported yet when the stream stops (``flush()``).
/// Used from one thread at a time (the capture thread, or the caller of `takeFrame`).
final class DamagedFrameFilter {
    /// The shortest time between two log lines.
    static let foldInterval: Duration = .seconds(10)
    /// Why a whole H.264 frame after a damaged one is refused.
    static let dependsOnDropped = "it depends on a frame dropped before it (skipping to the next keyframe)"

    /// The format the session delivers.
    private let format: FourCC
    private let camera: String
    private let logger: Logger
    private let now: () -> Int64
    private var validator: CompressedFrameValidator
    /// Frames refused so far: damaged, and (H.264) dropped until the next keyframe.
    private(set) var damaged = 0
    private(set) var skipped = 0
    /// When the last line was logged, and the counts it reported.
    private var reported: (at: Int64, damaged: Int, skipped: Int)?
    private var latest = ""

    init(format: FourCC, camera: String, logger: Logger, now: @escaping () -> Int64 = MonotonicClock.nanoseconds) {
        self.format = format
        self.camera = camera
        self.logger = logger
        self.now = now
        validator = CompressedFrameValidator(format: format)
    }

    /// Why `frame` is refused (logged, folded), or nil when it is handed on.
    func refusal(of frame: VideoFrame) -> String? {
        guard let reason = check(frame) else { return nil }
        if reason == Self.dependsOnDropped { skipped += 1 } else { damaged += 1; latest = reason }
        let time = now()
        guard let reported else {
            logger.warning("dropped a damaged frame from \(camera): \(reason); damaged frames are counted as dropped frames and reported at most every \(Self.foldInterval.components.seconds) s")
            self.reported = (time, damaged, skipped)
            return reason
        }
        if time - reported.at >= Self.foldInterval.wholeNanoseconds { report(at: time) }
        return reason
    }

    /// Logs the refusals not reported yet (the stream stops).
    func flush() {
        guard let reported, damaged + skipped > reported.damaged + reported.skipped else { return }
        report(at: now())
    }

    private func check(_ frame: VideoFrame) -> String? {
        guard CompressedFrameValidator.checks(frame.pixelFormat) else { return nil }
        if validator.format != frame.pixelFormat { validator = CompressedFrameValidator(format: frame.pixelFormat) }
        switch validator.check(frame.bytes) {
        case let .damaged(reason): return reason
        case .awaitingKeyframe: return Self.dependsOnDropped
        case .good:
            // A compressed frame from a camera that delivers pictures: one it could not decode.
            return CompressedFrameValidator.checks(format) ? nil : "it does not decode"
        }
    }

    private func report(at time: Int64) {
        let (newDamaged, newSkipped) = (damaged - (reported?.damaged ?? 0), skipped - (reported?.skipped ?? 0))
        let dependent = newSkipped > 0 ? " and \(newSkipped) that depended on one (up to the next keyframe)" : ""
        let latestText = newDamaged > 0 ? "; the latest: \(latest)" : ""
        logger.warning("dropped \(newDamaged) more damaged frame(s)\(dependent) from \(camera), \(damaged + skipped) in all\(latestText)")
        reported = (time, damaged, skipped)
    }
}
