import Foundation
import Glibc
import GRDB

/// The SQLite catalog of an output root, `ROOT/catalog.sqlite`: one row per filed file and
/// one per run.
///
/// The database is in WAL mode with a busy timeout, so several camsched processes (a daemon
/// and a `catalog list`, or two jobs sharing a root) can use it at once. Write transactions
/// are `IMMEDIATE`, so they wait for each other instead of failing with "database is locked".
public final class Catalog: Sendable {
    /// The file name of the catalog under the root.
    public static let fileName = "catalog.sqlite"

    /// The output root.
    public let root: URL
    /// The database file.
    public let url: URL
    let pool: DatabasePool

    private init(root: URL, url: URL, pool: DatabasePool) {
        self.root = root
        self.url = url
        self.pool = pool
    }

    /// Opens (creating if needed) the catalog of an output root and brings its schema up to date.
    /// - Parameters:
    ///   - root: the output root; created if missing.
    ///   - busyTimeout: how long a write waits for another process's write to finish.
    /// - Throws: ``CatalogError``.
    public static func open(root: URL, busyTimeout: Duration = .seconds(30)) throws(CatalogError) -> Catalog {
        let root = root.standardizedFileURL
        let url = root.appendingPathComponent(fileName)
        do {
            try SystemCall.makeFolders(root.path)
        } catch {
            throw .filing(error)
        }
        var configuration = Configuration()
        let seconds = Double(busyTimeout.components.seconds) + Double(busyTimeout.components.attoseconds) / 1e18
        configuration.busyMode = .timeout(seconds)
        configuration.label = "camsched catalog"
        // A small page cache per connection: the catalog is written a row at a time and read
        // rarely, and a daemon that runs for months should not grow with the database.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -256") }
        do {
            // Migrations check and apply in separate steps; a lock file keeps two processes
            // opening a new catalog at the same moment from both creating the tables.
            let lock = try MigrationLock(path: url.path + ".lock")
            defer { lock.release() }
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            try migrator.migrate(pool)
            return Catalog(root: root, url: url, pool: pool)
        } catch {
            throw CatalogError.wrap(error, path: url.path)
        }
    }

    /// Runs a database access and turns its errors into ``CatalogError``.
    func access<T>(_ body: () throws -> T) throws(CatalogError) -> T {
        do {
            return try body()
        } catch {
            throw CatalogError.wrap(error, path: url.path)
        }
    }

    // MARK: Files

    /// Records a complete, filed file. Recording the same path again (while its row is not
    /// deleted) updates that row: the row always describes what is at that path now.
    /// - Returns: the row.
    @discardableResult
    public func record(_ sidecar: Sidecar, recordedAt: Date = Date()) throws(CatalogError) -> CatalogEntry {
        let json: String
        do { json = try sidecar.compactJSON() } catch { throw .sidecar(error) }
        let arguments: StatementArguments = [
            sidecar.job, sidecar.run, sidecar.kind.rawValue, sidecar.file, sidecar.bytes, sidecar.sha256,
            RFC3339Timestamp.string(from: sidecar.startedAt), RFC3339Timestamp.string(from: sidecar.endedAt),
            RFC3339Timestamp.string(from: recordedAt), sidecar.recovered == true, json,
        ]
        return try access {
            try pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO files (job, run, kind, file, bytes, sha256, started_at, ended_at, recorded_at, recovered, sidecar)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (file) WHERE deleted_at IS NULL DO UPDATE SET
                            job = excluded.job, run = excluded.run, kind = excluded.kind, bytes = excluded.bytes,
                            sha256 = excluded.sha256, started_at = excluded.started_at, ended_at = excluded.ended_at,
                            recorded_at = excluded.recorded_at, recovered = excluded.recovered, sidecar = excluded.sidecar
                        """,
                    arguments: arguments)
                let row = try Row.fetchOne(db, sql: "SELECT * FROM files WHERE file = ? AND deleted_at IS NULL", arguments: [sidecar.file])
                guard let row else { throw CatalogError.notFound(sidecar.file) }
                return CatalogEntry(row: row)
            }
        }
    }

    /// The catalogued files, oldest first (by `startedAt`).
    /// - Parameters:
    ///   - job: only this job's files; all jobs when `nil`.
    ///   - includeDeleted: also rows of files that were deleted.
    public func list(job: String? = nil, includeDeleted: Bool = false) throws(CatalogError) -> [CatalogEntry] {
        var sql = "SELECT * FROM files WHERE 1"
        var arguments: StatementArguments = []
        if let job {
            sql += " AND job = ?"
            arguments += [job]
        }
        if !includeDeleted { sql += " AND deleted_at IS NULL" }
        sql += " ORDER BY started_at, id"
        let finalSQL = sql
        let finalArguments = arguments
        return try access {
            try pool.read { db in
                try Row.fetchAll(db, sql: finalSQL, arguments: finalArguments).map(CatalogEntry.init(row:))
            }
        }
    }

    /// The row of a file by its path relative to the root: the live row, or else the most
    /// recently deleted one; `nil` if the catalog never had it.
    public func entry(file: String) throws(CatalogError) -> CatalogEntry? {
        try access {
            try pool.read { db in
                try Row.fetchOne(
                    db, sql: "SELECT * FROM files WHERE file = ? ORDER BY deleted_at IS NOT NULL, deleted_at DESC, id DESC LIMIT 1",
                    arguments: [file]
                ).map(CatalogEntry.init(row:))
            }
        }
    }

    /// The row with this id, or `nil`.
    public func entry(id: Int64) throws(CatalogError) -> CatalogEntry? {
        try access {
            try pool.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM files WHERE id = ?", arguments: [id]).map(CatalogEntry.init(row:))
            }
        }
    }

    /// The names of the jobs that have files in the catalog.
    public func jobs() throws(CatalogError) -> [String] {
        try access {
            try pool.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT job FROM files ORDER BY job") }
        }
    }

    /// Marks a file's live row deleted. The file itself is not touched (see ``Retention``).
    /// - Returns: `false` if there was no live row for that path.
    @discardableResult
    public func markDeleted(file: String, reason: String = "manual", at date: Date = Date()) throws(CatalogError) -> Bool {
        try access {
            try pool.write { db in
                try db.execute(
                    sql: "UPDATE files SET deleted_at = ?, deleted_reason = ? WHERE file = ? AND deleted_at IS NULL",
                    arguments: [RFC3339Timestamp.string(from: date), reason, file])
                return db.changesCount > 0
            }
        }
    }

    /// Removes the rows of files that were deleted before `date`, for catalogs that should
    /// not keep the history of deleted files forever.
    /// - Returns: how many rows were removed.
    @discardableResult
    public func forgetDeleted(before date: Date) throws(CatalogError) -> Int {
        try access {
            try pool.write { db in
                try db.execute(
                    sql: "DELETE FROM files WHERE deleted_at IS NOT NULL AND deleted_at < ?",
                    arguments: [RFC3339Timestamp.string(from: date)])
                return db.changesCount
            }
        }
    }

    // MARK: Runs

    /// Records the start of a run.
    public func beginRun(
        id: String, job: String, startedAt: Date, host: String? = nil, pid: Int? = Int(getpid())
    ) throws(CatalogError) {
        try access {
            try pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO runs (id, job, started_at, status, host, pid) VALUES (?, ?, ?, 'running', ?, ?)
                        ON CONFLICT (id) DO UPDATE SET job = excluded.job, started_at = excluded.started_at,
                            status = 'running', ended_at = NULL, exit_code = NULL, host = excluded.host, pid = excluded.pid
                        """,
                    arguments: [id, job, RFC3339Timestamp.string(from: startedAt), host, pid])
            }
        }
    }

    /// Records the end of a run.
    /// - Throws: ``CatalogError/notFound(_:)`` if the run was never begun.
    public func endRun(id: String, endedAt: Date, status: CatalogRun.Status, exitCode: Int) throws(CatalogError) {
        try access {
            try pool.write { db in
                try db.execute(
                    sql: "UPDATE runs SET ended_at = ?, status = ?, exit_code = ? WHERE id = ?",
                    arguments: [RFC3339Timestamp.string(from: endedAt), status.rawValue, exitCode, id])
                if db.changesCount == 0 { throw CatalogError.notFound("run \(id)") }
            }
        }
    }

    /// The runs, newest first.
    public func runs(job: String? = nil, limit: Int? = nil) throws(CatalogError) -> [CatalogRun] {
        var sql = "SELECT * FROM runs"
        var arguments: StatementArguments = []
        if let job {
            sql += " WHERE job = ?"
            arguments += [job]
        }
        sql += " ORDER BY started_at DESC, id DESC"
        if let limit { sql += " LIMIT \(max(0, limit))" }
        let finalSQL = sql
        let finalArguments = arguments
        return try access {
            try pool.read { db in try Row.fetchAll(db, sql: finalSQL, arguments: finalArguments).map(CatalogRun.init(row:)) }
        }
    }

    /// The run with this id, or `nil`.
    public func run(id: String) throws(CatalogError) -> CatalogRun? {
        try access {
            try pool.read { db in try Row.fetchOne(db, sql: "SELECT * FROM runs WHERE id = ?", arguments: [id]).map(CatalogRun.init(row:)) }
        }
    }
}
