import Foundation

/// A run as `catalog runs --json` prints it and `GET /api/runs` lists it, from a local or the
/// fleet catalog: the same names for the same things. A member the run does not have is left
/// out (`endedAt` while running, `node` outside the fleet, `recordedStatus` unless a killed run
/// is shown as `interrupted` while the catalog still says `running`).
package struct RunListing: Encodable, Sendable {
    package var id, job, status: String
    package var startedAt: Date
    /// How many files it filed (still in the catalog).
    package var files: Int
    package var endedAt: Date?
    package var exitCode: Int?
    package var host: String?
    package var pid: Int?
    package var node: String?
    package var recordedStatus: String?
    /// Files of the run still waiting to be sent to the fleet catalog.
    package var unsent: Int?

    package init(id: String, job: String, status: String, startedAt: Date, files: Int, endedAt: Date? = nil,
                exitCode: Int? = nil, host: String? = nil, pid: Int? = nil, node: String? = nil) {
        (self.id, self.job, self.status, self.startedAt, self.files) = (id, job, status, startedAt, files)
        (self.endedAt, self.exitCode, self.host, self.pid, self.node) = (endedAt, exitCode, host, pid, node)
    }

    /// A run of a local catalog, shown with its own status — or, when it was killed before it
    /// ended (``CatalogRuns/isAbandoned(_:host:)``), as `interrupted` with the status the catalog
    /// still records as `recordedStatus`, before anything marks it: the one place `catalog runs`
    /// and `GET /api/runs` derive this.
    package init(_ run: CatalogRun, files: Int, host: String = CatalogRuns.hostName) {
        let abandoned = CatalogRuns.isAbandoned(run, host: host)
        self.init(id: run.id, job: run.job, status: (abandoned ? .interrupted : run.status).rawValue, startedAt: run.startedAt,
                  files: files, endedAt: run.endedAt, exitCode: run.exitCode, host: run.host, pid: run.pid)
        if abandoned { recordedStatus = run.status.rawValue }
    }
}

/// A filed file as `catalog list --json` prints it, from a local or the fleet catalog. `id` and
/// `adopted` (only when true) are a local catalog's, `node` the fleet's; `deletedAt` and
/// `deletedReason` only for a file retention or prune deleted.
package struct FileListing: Encodable, Sendable {
    package var id: Int64?
    package var node: String?
    package var job, run, kind, file: String
    package var bytes: Int64
    package var sha256: String
    package var startedAt, endedAt: Date
    package var recovered: Bool
    package var adopted: Bool?
    package var deletedAt: Date?
    package var deletedReason: String?

    package init(job: String, run: String, kind: String, file: String, bytes: Int64, sha256: String, startedAt: Date, endedAt: Date,
                recovered: Bool, deleted: (at: Date, reason: String?)?) {
        (self.job, self.run, self.kind, self.file, self.bytes, self.sha256) = (job, run, kind, file, bytes, sha256)
        (self.startedAt, self.endedAt, self.recovered) = (startedAt, endedAt, recovered)
        (deletedAt, deletedReason) = (deleted?.at, deleted.map { $0.reason ?? "" })
    }

    /// A file of a local catalog.
    package init(_ entry: CatalogEntry) {
        self.init(job: entry.job, run: entry.run, kind: entry.kind, file: entry.file, bytes: entry.bytes, sha256: entry.sha256,
                  startedAt: entry.startedAt, endedAt: entry.endedAt, recovered: entry.recovered,
                  deleted: entry.deletedAt.map { ($0, entry.deletedReason) })
        id = entry.id
        adopted = entry.adopted ? true : nil
    }
}
