import CamschedCore
import CamschedCapture
import CamschedMedia
import Foundation

/// Stills taken from a running recording (`stillsEvery S`): one at the start of each complete
/// period, at start + k·S for k = 0 … ⌊D/S⌋ − 1 — exactly ⌊D/S⌋ for a recording of D. Each is
/// the first frame at or after its due time, copied, then encoded and filed on a queue of its
/// own, so the recording is not held up and no driver buffer waits for the encoder. From an
/// H.264 stream that is copied, it is the first keyframe at or after its due time, decoded.
final class StillSchedule {
    let report: RunReporter
    let filing: RunFiling
    let every: Int64
    let total: Int
    private var taken = 0
    private let queue = DispatchQueue(label: "camsched.stills-during-recording")
    /// H.264 frames: which decode on their own, and their pictures (opened at the first one).
    private var keyframes: KeyframeDecoder?

    init(report: RunReporter, filing: RunFiling, every: Int64, duration: Int64) {
        self.report = report
        self.filing = filing
        self.every = max(every, 1)
        total = Int(duration / self.every)
    }

    /// Offers a frame `elapsed` ns into the recording (anchored at its first frame by
    /// `recording`); files it when a still is due.
    func offer(_ frame: VideoFrame, elapsed: Int64, recording: CaptureTimeline, info: StreamInfo, dropped: Int) {
        guard taken < total, elapsed >= Int64(taken) * every else { return }
        if frame.pixelFormat == .h264 {
            if keyframes == nil { keyframes = try? KeyframeDecoder() }
            guard keyframes?.canDecode(frame) == true else { return }
        }
        // A camera that was away misses the stills due meanwhile: they are skipped, not bunched.
        let due = min(Int(elapsed / every), total - 1)
        if due > taken { report.publish(.skipped(count: due - taken, lateSeconds: Double(elapsed - Int64(taken) * every) / 1e9)) }
        taken = due + 1
        let scheduledAt = recording.wall(elapsed: Int64(due) * every)
        let startedAt = recording.wall(elapsed: elapsed)
        let filing = filing
        // A copy: the still is encoded while the recording goes on, and must not hold the
        // frame's driver buffer (or pooled memory) for that long.
        let still: VideoFrame
        do {
            // A keyframe decodes in milliseconds, once per still: here, so nothing of the
            // recording's decoder state crosses to the still queue.
            still = try keyframes.map { try $0.picture(of: frame) } ?? frame.detached()
        } catch {
            report.warn("a still from the camera's H.264 keyframe did not decode: \(error)")
            return
        }
        queue.async {
            StillFiler(filing: filing, info: info, droppedFrames: dropped)
                .file(still, kind: .still, scheduledAt: scheduledAt, startedAt: startedAt)
        }
    }

    /// Waits until every still handed over is filed.
    func finish() { queue.sync {} }
}
