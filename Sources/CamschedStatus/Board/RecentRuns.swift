import CamschedFiling
import Foundation

/// `GET /api/runs`: recent runs from the jobs' catalogs, read-only, newest first. A run still
/// recorded `running` whose process is gone (killed) shows as `interrupted`, with the stored
/// status as `recordedStatus`: the one test `catalog runs` uses (``Catalog/isAbandoned(_:host:)``).
enum RecentRuns {
    static let limit = 50

    static func read(listings: [JobListing], job: String?) -> [[String: Any]] {
        var runs: [(Date, [String: Any])] = []
        let roots = Set(listings.filter(\.catalog).map(\.root))
        for root in roots {
            guard let catalog = try? Catalog.open(root: root, busyTimeout: .seconds(2), readOnly: true) else { continue }
            let names = Set(listings.filter { $0.root == root }.map(\.name))
            let counts = (try? catalog.fileCounts()) ?? [:]
            for run in (try? catalog.runs(job: job, limit: limit)) ?? [] where names.contains(run.job) {
                let shown: CatalogRun.Status = Catalog.isAbandoned(run) ? .interrupted : run.status
                var object: [String: Any] = [
                    "id": run.id, "job": run.job, "status": shown.rawValue,
                    "startedAt": RFC3339Timestamp.string(from: run.startedAt), "files": counts[run.id] ?? 0,
                ]
                if let ended = run.endedAt { object["endedAt"] = RFC3339Timestamp.string(from: ended) }
                if let code = run.exitCode { object["exitCode"] = code }
                if shown != run.status { object["recordedStatus"] = run.status.rawValue }
                runs.append((run.startedAt, object))
            }
        }
        return runs.sorted { $0.0 > $1.0 }.prefix(limit).map(\.1)
    }
}
