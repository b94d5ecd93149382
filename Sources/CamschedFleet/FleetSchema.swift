import Foundation
import Logging
import PostgresNIO

/// The fleet catalog's tables in PostgreSQL, created and migrated by camsched: each migration
/// runs in its own transaction and is recorded in `camsched_schema`; a session advisory lock
/// makes nodes that start at the same moment take turns.
package enum FleetSchema {
    /// The advisory lock key ("camsched" in ASCII, as a 64-bit number).
    static let lockKey: Int64 = 0x63_61_6d_73_63_68_65_64

    /// The migrations, in order. Never edit one that shipped; add a new one.
    static let migrations: [(version: Int, description: String, sql: [String])] = [
        (1, "files and runs, keyed by node", [
            """
            CREATE TABLE camsched_files (
                node            text        NOT NULL,
                file            text        NOT NULL,
                job             text        NOT NULL,
                run             text        NOT NULL,
                kind            text        NOT NULL,
                bytes           bigint      NOT NULL,
                sha256          text        NOT NULL,
                started_at      timestamptz NOT NULL,
                ended_at        timestamptz NOT NULL,
                recorded_at     timestamptz NOT NULL,
                deleted_at      timestamptz,
                deleted_reason  text,
                recovered       boolean     NOT NULL DEFAULT false,
                sidecar         jsonb       NOT NULL,
                synced_at       timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (node, file)
            )
            """,
            "CREATE INDEX camsched_files_job_started ON camsched_files (job, started_at)",
            "CREATE INDEX camsched_files_started ON camsched_files (started_at)",
            "CREATE INDEX camsched_files_run ON camsched_files (node, run)",
            """
            CREATE TABLE camsched_runs (
                node        text        NOT NULL,
                id          text        NOT NULL,
                job         text        NOT NULL,
                started_at  timestamptz NOT NULL,
                ended_at    timestamptz,
                status      text        NOT NULL,
                exit_code   integer,
                host        text,
                pid         integer,
                synced_at   timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (node, id)
            )
            """,
            "CREATE INDEX camsched_runs_job_started ON camsched_runs (job, started_at)",
        ]),
    ]

    /// The newest version this camsched knows.
    package static var currentVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the server's schema up to date.
    /// - Returns: the versions applied now (empty when it was up to date).
    @discardableResult
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws -> [Int] {
        try await connection.query("SELECT pg_advisory_lock(\(lockKey))", logger: logger)
        do {
            let applied = try await pending(connection, logger: logger)
            try await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
            return applied
        } catch {
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
            throw error
        }
    }

    private static func pending(_ connection: PostgresConnection, logger: Logger) async throws -> [Int] {
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS camsched_schema (
                version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
            """, logger: logger)
        var current = 0
        for try await version in try await connection.query("SELECT coalesce(max(version), 0) FROM camsched_schema", logger: logger)
            .decode(Int.self) { current = version }
        if current > currentVersion {
            logger.notice("the fleet catalog's schema is version \(current), newer than this camsched's \(currentVersion); using it as it is")
        }
        var applied: [Int] = []
        for migration in migrations where migration.version > current {
            try await connection.withTransaction(logger: logger) { connection in
                for statement in migration.sql { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                try await connection.query(
                    "INSERT INTO camsched_schema (version, description) VALUES (\(migration.version), \(migration.description))",
                    logger: logger)
            }
            applied.append(migration.version)
        }
        return applied
    }
}
