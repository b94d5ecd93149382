import CamschedCore
import Foundation
import GRDB

/// The filed files' rows (`files`): recorded as files are filed, listed and looked up, and
/// marked deleted by retention. One row per file — the sidecar's JSON with the columns a
/// listing filters on — and a deleted file keeps its row, marked, until it is forgotten.
package struct CatalogFiles: Sendable {
    let store: CatalogStore

    /// Records a complete, filed file. Recording the same path again (while its row is not
    /// deleted) updates that row: the row always describes what is at that path now.
    /// - Returns: the row.
    @discardableResult
    package func record(_ sidecar: Sidecar, recordedAt: Date = Date()) throws(CatalogError) -> CatalogEntry {
        let json: String
        do { json = try sidecar.compactJSON() } catch { throw .sidecar(error) }
        return try store.write { db in
            try Self.insert(sidecar, json: json, recordedAt: recordedAt, db)
            let row = try Row.fetchOne(db, sql: "SELECT * FROM files WHERE file = ? AND deleted_at IS NULL", arguments: [sidecar.file])
            guard let row else { throw CatalogError.notFound(sidecar.file) }
            return CatalogEntry(row: row)
        }
    }

    /// Inserts (or updates the live row of the same path) one file's row. `adopted`: the row
    /// comes from probing a file without a sidecar (see ``CatalogEntry/adopted``).
    static func insert(_ sidecar: Sidecar, json: String, recordedAt: Date, adopted: Bool = false, _ db: Database) throws {
        let arguments: StatementArguments = [
            sidecar.job, sidecar.run, sidecar.kind.rawValue, sidecar.file, sidecar.bytes, sidecar.sha256,
            RFC3339Timestamp.string(from: sidecar.startedAt), RFC3339Timestamp.string(from: sidecar.endedAt),
            RFC3339Timestamp.string(from: recordedAt), sidecar.recovered == true, json, try eventJSON(sidecar), adopted,
        ]
        try db.cachedStatement(sql: insertSQL).execute(arguments: arguments)
    }

    /// A file's row, inserted or updated (cached per connection; see ``CatalogStore/prepareRowStatements()``).
    static let insertSQL = """
        INSERT INTO files (job, run, kind, file, bytes, sha256, started_at, ended_at, recorded_at, recovered, sidecar, event, adopted)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (file) WHERE deleted_at IS NULL DO UPDATE SET
            job = excluded.job, run = excluded.run, kind = excluded.kind, bytes = excluded.bytes,
            sha256 = excluded.sha256, started_at = excluded.started_at, ended_at = excluded.ended_at,
            recorded_at = excluded.recorded_at, recovered = excluded.recovered, sidecar = excluded.sidecar,
            event = excluded.event, adopted = excluded.adopted
        """

    /// A trigger event's compact JSON for the `event` column; nil for other files.
    private static func eventJSON(_ sidecar: Sidecar) throws -> String? {
        guard let event = sidecar.event else { return nil }
        return JSONDocument.line(event)
    }

    /// The catalogued files, oldest first (by `startedAt`).
    /// - Parameters:
    ///   - job: only this job's files; all jobs when `nil`.
    ///   - includeDeleted: also rows of files that were deleted.
    package func list(job: String? = nil, includeDeleted: Bool = false) throws(CatalogError) -> [CatalogEntry] {
        var sql = "SELECT * FROM files WHERE 1"
        var arguments: StatementArguments = []
        if let job {
            sql += " AND job = ?"
            arguments += [job]
        }
        if !includeDeleted { sql += " AND deleted_at IS NULL" }
        sql += " ORDER BY started_at, id"
        return try store.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map(CatalogEntry.init(row:)) }
    }

    /// The row of a file by its path relative to the root: the live row, or else the most
    /// recently deleted one; `nil` if the catalog never had it.
    package func entry(file: String) throws(CatalogError) -> CatalogEntry? {
        try store.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM files WHERE file = ? ORDER BY deleted_at IS NOT NULL, deleted_at DESC, id DESC LIMIT 1",
                arguments: [file]
            ).map(CatalogEntry.init(row:))
        }
    }

    /// The row with this id, or `nil`.
    package func entry(id: Int64) throws(CatalogError) -> CatalogEntry? {
        try store.read { db in try Row.fetchOne(db, sql: "SELECT * FROM files WHERE id = ?", arguments: [id]).map(CatalogEntry.init(row:)) }
    }

    /// The names of the jobs that have files in the catalog.
    package func jobs() throws(CatalogError) -> [String] {
        try store.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT job FROM files ORDER BY job") }
    }

    /// Marks a file's live row deleted. The file itself is not touched (see ``Retention``).
    /// - Returns: `false` if there was no live row for that path.
    @discardableResult
    package func markDeleted(file: String, reason: String = "manual", at date: Date = Date()) throws(CatalogError) -> Bool {
        try store.write { db in
            try db.execute(
                sql: "UPDATE files SET deleted_at = ?, deleted_reason = ? WHERE file = ? AND deleted_at IS NULL",
                arguments: [RFC3339Timestamp.string(from: date), reason, file])
            return db.changesCount > 0
        }
    }

    /// Marks several files' live rows deleted in one transaction (see ``Retention``).
    func markDeleted(_ files: [(file: String, reason: String)], at date: Date) throws(CatalogError) {
        let stamp = RFC3339Timestamp.string(from: date)
        try store.write { db in
            for (file, reason) in files {
                try db.execute(
                    sql: "UPDATE files SET deleted_at = ?, deleted_reason = ? WHERE file = ? AND deleted_at IS NULL",
                    arguments: [stamp, reason, file])
            }
        }
    }

    /// Removes the rows of files that were deleted before `date`, for catalogs that should
    /// not keep the history of deleted files forever.
    /// - Returns: how many rows were removed.
    @discardableResult
    package func forgetDeleted(before date: Date) throws(CatalogError) -> Int {
        try store.write { db in
            try db.execute(
                sql: "DELETE FROM files WHERE deleted_at IS NOT NULL AND deleted_at < ?",
                arguments: [RFC3339Timestamp.string(from: date)])
            return db.changesCount
        }
    }
}
