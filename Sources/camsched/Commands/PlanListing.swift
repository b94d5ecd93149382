import CamschedCore
import CamschedFiling
import CamschedJobs
import Foundation

/// One planned fire as `plan --json` prints it: `at`, `job`, `kind`, `totalCaptures` and the
/// first `captures`; `endsAt`, `window` (`from`, `until`), `noWindow` and `truncated` only when
/// they apply.
struct PlanListing: Encodable {
    struct Capture: Encodable {
        var kind: String
        var index: Int
        var at: Date
        /// Seconds.
        var duration: Double?
        var segments: Int?
        var exposureOffset: Double?
    }

    struct Window: Encodable {
        var from, until: Date?
    }

    var at: Date
    var job, kind: String
    var totalCaptures: Int
    var captures: [Capture]
    var endsAt: Date?
    var window: Window?
    var noWindow: String?
    var truncated: Bool?

    init(_ fire: PlannedFire, job: Job) {
        (at, self.job, kind, totalCaptures) = (fire.at, job.name, job.capture.kind.rawValue, fire.totalCaptures)
        captures = fire.captures.map { capture in
            Capture(kind: capture.kind.rawValue, index: capture.index, at: capture.at,
                    duration: capture.duration.map(\.secondsValue),
                    segments: capture.segmentCount, exposureOffset: capture.exposureOffset)
        }
        endsAt = fire.endsAt
        window = fire.window.map { Window(from: $0.opens, until: $0.closes) }
        noWindow = fire.absence?.description
        truncated = fire.isTruncated ? true : nil
    }
}
