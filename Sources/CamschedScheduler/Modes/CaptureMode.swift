import CamschedCapture
import CamschedFiling
import Foundation

/// One way of capturing: interval (time-lapse), burst, record — and room for trigger. A mode
/// consumes a ``FrameStream``, files through the run's ``RunFiling`` and reports on its
/// ``RunReporter``; the scheduler only chooses and drives it. Modes read time from the
/// reporter's clock, so tests run them on a manual one.
protocol CaptureMode {
    /// Runs the capture until it is complete, stopped, or fails.
    /// - Throws: ``CameraError`` when the camera cannot be used at all.
    mutating func run(_ stream: any FrameStream) throws(CameraError)
    /// What the run assembles into a video after the capture (`assemble` of an interval
    /// job): the rate and the stills filed; nil for modes that assemble nothing.
    var assembly: (fps: Double, stills: [FiledLocation])? { get }
}

extension CaptureMode {
    var assembly: (fps: Double, stills: [FiledLocation])? { nil }
}

/// A lost camera's gap, as the modes report it: `interrupted` at the loss, `resumed` at the return.
struct InterruptionTracker {
    private(set) var lostAt: Date?

    var isWaiting: Bool { lostAt != nil }

    mutating func lost(_ loss: StreamLoss, report: RunReporter) {
        lostAt = loss.at
        report.publish(.interrupted(reason: loss.reason, message: "\(loss.error)", at: loss.at))
    }

    /// What a run says when its camera stayed away until `end` ("the recording's planned end"):
    /// with why the last attempt to take it up again failed, when that says more than that it
    /// was not there — a camera that came back changed, or answered too slowly.
    static func notBack(before end: String, failure: CameraError?) -> String {
        guard let failure else { return "the camera did not come back before \(end)" }
        switch failure {
        case .notFound: return "the camera did not come back before \(end)"
        case .cameBackChanged: return "the camera came back before \(end) but could not be used: \(failure)"
        default: return "the camera did not come back before \(end); the last attempt: \(failure)"
        }
    }

    mutating func returned(report: RunReporter) {
        let now = report.clock.now()
        let after = lostAt.map { now.timeIntervalSince($0) } ?? 0
        lostAt = nil
        report.publish(.resumed(at: now, after: after))
    }
}
