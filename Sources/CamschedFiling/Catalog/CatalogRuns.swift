import CamschedCore
import Foundation
import Glibc
import GRDB

/// The runs' rows (`runs`): a run's start and end as they happen, the runs listed, and runs
/// whose process is gone marked `interrupted`.
package struct CatalogRuns: Sendable {
    let store: CatalogStore

    /// The host name runs are recorded with.
    package static let hostName: String = ProcessInfo.processInfo.hostName

    /// Records the start of a run.
    package func begin(
        id: String, job: String, startedAt: Date, host: String? = CatalogRuns.hostName, pid: Int? = Int(getpid())
    ) throws(CatalogError) {
        let run = CatalogRun(id: id, job: job, startedAt: startedAt, status: .running, host: host, pid: pid)
        store.ownRuns.withLock { $0[id] = run }
        try store.writeDurably { db in try Self.upsert(run, db) }
    }

    /// Records the end of a run.
    /// - Throws: ``CatalogError/notFound(_:)`` if the run was never begun.
    package func end(id: String, endedAt: Date, status: CatalogRun.Status, exitCode: Int) throws(CatalogError) {
        store.noteEnd(of: id, endedAt: endedAt, status: status, exitCode: exitCode)
        try store.writeDurably { db in try Self.end(id: id, endedAt: endedAt, status: status, exitCode: exitCode, db) }
    }

    /// Writes a run's end into its row.
    /// - Throws: ``CatalogError/notFound(_:)`` if the run has no row.
    static func end(id: String, endedAt: Date, status: CatalogRun.Status, exitCode: Int, _ db: Database) throws {
        try db.cachedStatement(sql: endSQL).execute(arguments: [RFC3339Timestamp.string(from: endedAt), status.rawValue, exitCode, id])
        if db.changesCount == 0 { throw CatalogError.notFound("run \(id)") }
    }

    /// A run's end (cached per connection; see ``CatalogStore/prepareRowStatements()``).
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
    package func list(job: String? = nil, limit: Int? = nil) throws(CatalogError) -> [CatalogRun] {
        var sql = "SELECT * FROM runs"
        var arguments: StatementArguments = []
        if let job {
            sql += " WHERE job = ?"
            arguments += [job]
        }
        sql += " ORDER BY started_at DESC, id DESC"
        if let limit { sql += " LIMIT \(max(0, limit))" }
        return try store.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map(CatalogRun.init(row:)) }
    }

    /// The run with this id, or `nil`.
    package func run(id: String) throws(CatalogError) -> CatalogRun? {
        try store.read { db in try Row.fetchOne(db, sql: "SELECT * FROM runs WHERE id = ?", arguments: [id]).map(CatalogRun.init(row:)) }
    }

    /// How many live (not deleted) files each run has.
    package func fileCounts() throws(CatalogError) -> [String: Int] {
        try store.read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT run, count(*) AS n FROM files WHERE deleted_at IS NULL GROUP BY run") {
                counts[row["run"]] = row["n"]
            }
            return counts
        }
    }

    /// Whether `run` is recorded `running` but the process that ran it on this host is gone
    /// (see ``ProcessLiveness``): what ``markInterrupted(host:)`` marks, the one test the
    /// next run, `catalog verify --repair`, `catalog rebuild` and `catalog runs` all use. A run
    /// of another host is never abandoned: camsched cannot see its processes.
    package static func isAbandoned(_ run: CatalogRun, host: String = CatalogRuns.hostName) -> Bool {
        guard run.status == .running, run.host == host, let pid = run.pid else { return false }
        return !ProcessLiveness.isRunning(pid: pid, runStartedAt: run.startedAt)
    }

    /// Marks `interrupted` the runs of this host that are still `running` but whose process is
    /// gone (killed, crashed, or the machine lost power; see ``ProcessLiveness``). Their end
    /// is the end of their last filed file, when they have one. Runs of other hosts sharing
    /// the root are left alone: camsched cannot see their processes.
    /// - Returns: the runs marked, as they were before.
    @discardableResult
    package func markInterrupted(host: String = CatalogRuns.hostName) throws(CatalogError) -> [CatalogRun] {
        let stale = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM runs WHERE status = 'running'").map(CatalogRun.init(row:))
        }.filter { Self.isAbandoned($0, host: host) }
        guard !stale.isEmpty else { return [] }
        try store.write { db in
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
