import CamschedJobs
import Foundation
import Logging
import PostgresNIO

/// Reads the fleet catalog for `camsched catalog list|show|runs --catalog URL`: the files and
/// runs of every node, filtered by node, job and time.
package struct FleetQuery: Sendable {
    /// Which rows.
    package struct Filter: Sendable {
        package var node: String?
        package var job: String?
        package var run: String?
        /// Only rows that started at or after this.
        package var since: Date?
        /// Only rows that started before this.
        package var until: Date?
        package var includeDeleted = false
        package var limit: Int?
        package init() {}
    }

    let connector: FleetConnector
    let timeout: Duration

    /// Queries `connector`'s server, each statement within `timeout`.
    package init(connector: FleetConnector, timeout: Duration = .seconds(30)) {
        self.connector = connector
        self.timeout = timeout
    }

    /// The files, oldest first (by start, then node and path).
    package func files(_ filter: Filter) async throws(FleetError) -> [FleetFileRow] {
        var sql = "SELECT node, file, job, run, kind, bytes, sha256, started_at, ended_at, deleted_at, deleted_reason, recovered FROM camsched_files WHERE true"
        var binds = PostgresBindings()
        Self.where(filter, &sql, &binds, time: "started_at")
        if !filter.includeDeleted { sql += " AND deleted_at IS NULL" }
        if let run = filter.run { binds.append(run); sql += " AND run = $\(binds.count)" }
        sql += " ORDER BY started_at, node, file"
        if let limit = filter.limit { sql += " LIMIT \(max(1, limit))" }
        return try await rows(PostgresQuery(unsafeSQL: sql, binds: binds)) { row in
            let (node, file, job, run, kind, bytes, sha256, started, ended, deleted, reason, recovered) = try row.decode(
                (String, String, String, String, String, Int64, String, Date, Date, Date?, String?, Bool).self)
            return FleetFileRow(node: node, file: file, job: job, run: run, kind: kind, bytes: bytes, sha256: sha256,
                                startedAt: started, endedAt: ended, deletedAt: deleted, deletedReason: reason, recovered: recovered)
        }
    }

    /// The sidecars of the live (else newest) rows with this path, one per node that has it.
    package func sidecars(file: String, node: String?) async throws(FleetError) -> [(node: String, sidecar: String)] {
        var binds = PostgresBindings()
        binds.append(file)
        var sql = "SELECT node, sidecar::text FROM camsched_files WHERE file = $1"
        if let node { binds.append(node); sql += " AND node = $2" }
        sql += " ORDER BY node"
        return try await rows(PostgresQuery(unsafeSQL: sql, binds: binds)) { row in
            let (node, sidecar) = try row.decode((String, String).self)
            return (node, sidecar)
        }
    }

    /// The runs, newest first, with their live file counts.
    package func runs(_ filter: Filter) async throws(FleetError) -> [FleetRunRow] {
        var sql = """
            SELECT r.node, r.id, r.job, r.started_at, r.ended_at, r.status, r.exit_code, r.host,
                (SELECT count(*) FROM camsched_files f WHERE f.node = r.node AND f.run = r.id AND f.deleted_at IS NULL)
            FROM camsched_runs r WHERE true
            """
        var binds = PostgresBindings()
        Self.where(filter, &sql, &binds, time: "r.started_at", prefix: "r.")
        sql += " ORDER BY r.started_at DESC, r.node, r.id"
        if let limit = filter.limit { sql += " LIMIT \(max(1, limit))" }
        return try await rows(PostgresQuery(unsafeSQL: sql, binds: binds)) { row in
            let (node, id, job, started, ended, status, code, host, files) = try row.decode(
                (String, String, String, Date, Date?, String, Int32?, String?, Int64).self)
            return FleetRunRow(node: node, id: id, job: job, startedAt: started, endedAt: ended, status: status,
                               exitCode: code.map(Int.init), host: host, files: Int(files))
        }
    }

    private static func `where`(_ filter: Filter, _ sql: inout String, _ binds: inout PostgresBindings, time: String, prefix: String = "") {
        if let node = filter.node { binds.append(node); sql += " AND \(prefix)node = $\(binds.count)" }
        if let job = filter.job { binds.append(job); sql += " AND \(prefix)job = $\(binds.count)" }
        if let since = filter.since { binds.append(since); sql += " AND \(time) >= $\(binds.count)" }
        if let until = filter.until { binds.append(until); sql += " AND \(time) < $\(binds.count)" }
    }

    /// Connects, runs one query and decodes its rows.
    private func rows<T: Sendable>(_ query: PostgresQuery, _ decode: @escaping @Sendable (PostgresRow) throws -> T) async throws(FleetError) -> [T] {
        let url = connector.url.description
        let connector = connector
        let logger = connector.quietLogger
        do {
            return try await FleetDeadline.run(timeout, url: url, onTimeout: {}) {
                let connection = try await connector.connect()
                do {
                    var out: [T] = []
                    // A server no node has written to yet has no tables: nothing to list.
                    // Reading never creates them (a read-only role may query).
                    var exists = false
                    for try await found in try await connection.query("SELECT to_regclass('camsched_runs') IS NOT NULL", logger: logger)
                        .decode(Bool.self) { exists = found }
                    if exists {
                        for try await row in try await connection.query(query, logger: logger) { out.append(try decode(row)) }
                    }
                    try await connection.close()
                    return out
                } catch {
                    try? await connection.close()
                    throw error
                }
            }
        } catch {
            throw FleetError.from(error, url: url)
        }
    }
}

/// A file's row in the fleet catalog.
package struct FleetFileRow: Sendable, Equatable {
    package var node, file, job, run, kind: String
    package var bytes: Int64
    package var sha256: String
    package var startedAt, endedAt: Date
    package var deletedAt: Date?
    package var deletedReason: String?
    package var recovered: Bool
}

/// A run's row in the fleet catalog, with its live file count.
package struct FleetRunRow: Sendable, Equatable {
    package var node, id, job: String
    package var startedAt: Date
    package var endedAt: Date?
    package var status: String
    package var exitCode: Int?
    package var host: String?
    package var files: Int
}
