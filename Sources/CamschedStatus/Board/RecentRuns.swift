import CamschedFiling
import Foundation

/// `GET /api/runs`: recent runs from the jobs' catalogs, read-only, newest first. A run still
/// recorded `running` whose process is gone (killed) shows as `interrupted`, with the stored
/// status as `recordedStatus`, as `catalog runs` shows it (``RunListing/init(_:files:host:)``).
enum RecentRuns {
    static let limit = 50

    /// `{"runs": [...]}`, each run as `catalog runs --json` prints it.
    struct Answer: Encodable, Sendable {
        var runs: [RunListing]
    }

    static func read(listings: [JobListing], job: String?) -> Answer {
        var runs: [RunListing] = []
        let roots = Set(listings.filter(\.catalog).map(\.root))
        for root in roots {
            guard let catalog = try? Catalog.open(root: root, busyTimeout: .seconds(2), readOnly: true) else { continue }
            let names = Set(listings.filter { $0.root == root }.map(\.name))
            let counts = (try? catalog.runs.fileCounts()) ?? [:]
            for run in (try? catalog.runs.list(job: job, limit: limit)) ?? [] where names.contains(run.job) {
                runs.append(RunListing(run, files: counts[run.id] ?? 0))
            }
        }
        return Answer(runs: Array(runs.sorted { $0.startedAt > $1.startedAt }.prefix(limit)))
    }
}
