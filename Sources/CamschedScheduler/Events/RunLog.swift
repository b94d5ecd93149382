import CamschedCore
import CamschedCapture
import CamschedFiling
import Foundation
import Logging

/// The human side of a run's events: one log line on stderr for each that a person running
/// camsched should see.
struct RunLog: RunEventSubscriber {
    let logger: Logger

    func receive(_ event: TimedRunEvent) {
        switch event.event {
        case let .started(s):
            if let rehearsal = s.rehearsal {
                logger.notice("rehearsal \(s.run) of \(s.job) on \(s.device) (\(s.card)): simulated time from \(RFC3339Timestamp.string(from: rehearsal.at)), \(FrameRateText.format(rehearsal.speed))× as fast; files under \(s.root) are marked \"rehearsal\": true")
            } else {
                logger.info("run \(s.run) of \(s.job) on \(s.device) (\(s.card))")
            }
        case let .pressureChanged(p):
            let fps = p.fps.map { FrameRateText.format($0) + " fps" } ?? "stopping"
            logger.notice("pressure \(p.level) (\(p.reason)): \(fps)")
        case let .trigger(t):
            let score = t.score.map { String(format: " (score %.4f)", $0) } ?? ""
            logger.notice("\(t.kind) event at \(RFC3339Timestamp.string(from: t.at))\(score)")
        case let .interrupted(_, message, _):
            logger.warning("camera lost: \(message); waiting for it to come back")
        case let .resumed(_, after):
            logger.notice("camera back after \(String(format: "%.1f", after)) s")
        case let .skipped(count, late, cause):
            logger.warning("\(RunEvent.skippedMessage(count: count, lateSeconds: late, cause: cause))")
        case let .warning(message):
            logger.warning("\(message)")
        case let .error(message):
            logger.error("\(message)")
        // The plan and the rate are the progress line's; a log line a second would be noise.
        case .planned, .rate, .captured, .segmentFiled, .done:
            break
        }
    }
}
