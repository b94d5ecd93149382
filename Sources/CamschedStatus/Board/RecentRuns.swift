import CamschedFiling
import Foundation

/// `GET /api/runs`: recent runs from the jobs' catalogs, read-only, newest first. A run still
/// recorded `running` whose process is gone (killed) shows as `interrupted`, with the stored
/// status as `recordedStatus`: the one test `catalog runs` uses (``Catalog/isAbandoned(_:host:)``).
enum RecentRuns {
    static let limit = 50

    /// One run of the answer (`endedAt`, `exitCode` and `recordedStatus` only when there are).
    struct Run: Encodable, Sendable {
        var id, job, status: String
        var startedAt: Date
        var files: Int
        var endedAt: Date?
        var exitCode: Int?
        var recordedStatus: String?
    }

    /// `{"runs": [...]}`.
    struct Answer: Encodable, Sendable {
        var runs: [Run]
    }

    static func read(listings: [JobListing], job: String?) -> Answer {
        var runs: [Run] = []
        let roots = Set(listings.filter(\.catalog).map(\.root))
        for root in roots {
            guard let catalog = try? Catalog.open(root: root, busyTimeout: .seconds(2), readOnly: true) else { continue }
            let names = Set(listings.filter { $0.root == root }.map(\.name))
            let counts = (try? catalog.fileCounts()) ?? [:]
            for run in (try? catalog.runs(job: job, limit: limit)) ?? [] where names.contains(run.job) {
                let shown: CatalogRun.Status = Catalog.isAbandoned(run) ? .interrupted : run.status
                runs.append(Run(id: run.id, job: run.job, status: shown.rawValue, startedAt: run.startedAt, files: counts[run.id] ?? 0,
                                endedAt: run.endedAt, exitCode: run.exitCode.map { Int($0) },
                                recordedStatus: shown != run.status ? run.status.rawValue : nil))
            }
        }
        return Answer(runs: Array(runs.sorted { $0.startedAt > $1.startedAt }.prefix(limit)))
    }
}
