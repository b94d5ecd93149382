import CamschedCore
import Foundation
import Glibc
import GRDB

extension Catalog {
    /// The host name runs are recorded with.
    package static let hostName: String = ProcessInfo.processInfo.hostName

    /// Records the start of a run.
    package func beginRun(
        id: String, job: String, startedAt: Date, host: String? = Catalog.hostName, pid: Int? = Int(getpid())
    ) throws(CatalogError) {
        let run = CatalogRun(id: id, job: job, startedAt: startedAt, status: .running, host: host, pid: pid)
        ownRuns.withLock { $0[id] = run }
        try writeDurably { db in try Catalog.upsert(run, db) }
    }

    /// Records the end of a run.
    /// - Throws: ``CatalogError/notFound(_:)`` if the run was never begun.
    package func endRun(id: String, endedAt: Date, status: CatalogRun.Status, exitCode: Int) throws(CatalogError) {
        noteEnd(of: id, endedAt: endedAt, status: status, exitCode: exitCode)
        try writeDurably { db in try Catalog.end(id: id, endedAt: endedAt, status: status, exitCode: exitCode, db) }
    }

    /// Keeps a run's end with the runs this object began (written again into a recreated catalog).
    func noteEnd(of id: String, endedAt: Date, status: CatalogRun.Status, exitCode: Int) {
        ownRuns.withLock { runs in
            runs[id]?.endedAt = endedAt
            runs[id]?.status = status
            runs[id]?.exitCode = exitCode
        }
    }

    /// Writes a run's end into its row.
    /// - Throws: ``CatalogError/notFound(_:)`` if the run has no row.
    static func end(id: String, endedAt: Date, status: CatalogRun.Status, exitCode: Int, _ db: Database) throws {
        try db.cachedStatement(sql: endSQL).execute(arguments: [RFC3339Timestamp.string(from: endedAt), status.rawValue, exitCode, id])
        if db.changesCount == 0 { throw CatalogError.notFound("run \(id)") }
    }

    /// A run's end (cached per connection; see ``prepareRowStatements()``).
    static let endSQL = "UPDATE runs SET ended_at = ?, status = ?, exit_code = ? WHERE id = ?"

    /// A run's row, inserted or replaced (cached per connection).
    static let upsertSQL = """
        INSERT INTO runs (id, job, started_at, ended_at, status, exit_code, host, pid) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET job = excluded.job, started_at = excluded.started_at, ended_at = excluded.ended_at,
            status = excluded.status, exit_code = excluded.exit_code, host = excluded.host, pid = excluded.pid
        """

    /// Writes a run row as it is (insert or replace).
    static func upsert(_ run: CatalogRun, _ db: Database) throws {
        try db.cachedStatement(sql: upsertSQL).execute(
            arguments: [run.id, run.job, RFC3339Timestamp.string(from: run.startedAt), run.endedAt.map(RFC3339Timestamp.string(from:)),
                        run.status.rawValue, run.exitCode, run.host, run.pid])
    }

    /// The runs, newest first.
    package func runs(job: String? = nil, limit: Int? = nil) throws(CatalogError) -> [CatalogRun] {
        var sql = "SELECT * FROM runs"
        var arguments: StatementArguments = []
        if let job {
            sql += " WHERE job = ?"
            arguments += [job]
        }
        sql += " ORDER BY started_at DESC, id DESC"
        if let limit { sql += " LIMIT \(max(0, limit))" }
        return try read { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map(CatalogRun.init(row:)) }
    }

    /// The run with this id, or `nil`.
    package func run(id: String) throws(CatalogError) -> CatalogRun? {
        try read { db in try Row.fetchOne(db, sql: "SELECT * FROM runs WHERE id = ?", arguments: [id]).map(CatalogRun.init(row:)) }
    }

    /// How many live (not deleted) files each run has.
    package func fileCounts() throws(CatalogError) -> [String: Int] {
        try read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT run, count(*) AS n FROM files WHERE deleted_at IS NULL GROUP BY run") {
                counts[row["run"]] = row["n"]
            }
            return counts
        }
    }

    /// Whether `run` is recorded `running` but the process that ran it on this host is gone
    /// (see ``ProcessLiveness``): what ``markInterruptedRuns(host:)`` marks, the one test the
    /// next run, `catalog verify --repair`, `catalog rebuild` and `catalog runs` all use. A run
    /// of another host is never abandoned: camsched cannot see its processes.
    package static func isAbandoned(_ run: CatalogRun, host: String = Catalog.hostName) -> Bool {
        guard run.status == .running, run.host == host, let pid = run.pid else { return false }
        return !ProcessLiveness.isRunning(pid: pid, runStartedAt: run.startedAt)
    }

    /// Marks `interrupted` the runs of this host that are still `running` but whose process is
    /// gone (killed, crashed, or the machine lost power; see ``ProcessLiveness``). Their end
    /// is the end of their last filed file, when they have one. Runs of other hosts sharing
    /// the root are left alone: camsched cannot see their processes.
    /// - Returns: the runs marked, as they were before.
    @discardableResult
    package func markInterruptedRuns(host: String = Catalog.hostName) throws(CatalogError) -> [CatalogRun] {
        let stale = try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM runs WHERE status = 'running'").map(CatalogRun.init(row:))
        }.filter { Catalog.isAbandoned($0, host: host) }
        guard !stale.isEmpty else { return [] }
        try write { db in
            for run in stale {
                try db.execute(
                    sql: """
                        UPDATE runs SET status = 'interrupted',
                            ended_at = (SELECT max(ended_at) FROM files WHERE files.run = runs.id)
                        WHERE id = ? AND status = 'running'
                        """,
                    arguments: [run.id])
            }
        }
        return stale
    }
}
