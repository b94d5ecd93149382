import GRDB

/// The catalog's tables and their versioned migrations (the fleet queue's own tables are
/// registered by ``CatalogFleetQueue``).
enum CatalogSchema {
    /// The schema's version, kept in the database's `PRAGMA user_version` once it is migrated:
    /// the number of registered migrations.
    static let schemaVersion = migrator.migrations.count

    /// Brings the catalog's schema up to date. One whose `user_version` says it is current
    /// skips GRDB's migration check (three statements: the migrations table made if missing,
    /// and read twice), which every cron run would otherwise pay for nothing; any other runs
    /// the migrator — as every open did before the version was kept — and is marked current
    /// after it. A catalog of a newer camsched (a higher version) goes to the migrator, and
    /// keeps its version.
    static func migrate(_ writer: any DatabaseWriter) throws {
        let version = try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        guard version != schemaVersion else { return }
        try migrator.migrate(writer)
        if version < schemaVersion {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = \(schemaVersion)") }
        }
    }

    /// The versioned schema. Never edit a registered migration; add a new one (the schema's
    /// version follows).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: files and runs") { db in
            try db.execute(sql: """
                CREATE TABLE runs (
                    id          TEXT PRIMARY KEY NOT NULL,
                    job         TEXT NOT NULL,
                    started_at  TEXT NOT NULL,            -- RFC 3339 UTC, ms
                    ended_at    TEXT,
                    status      TEXT NOT NULL DEFAULT 'running',
                    exit_code   INTEGER,
                    host        TEXT,
                    pid         INTEGER
                );
                CREATE INDEX runs_job_started ON runs(job, started_at);

                CREATE TABLE files (
                    id              INTEGER PRIMARY KEY AUTOINCREMENT,
                    job             TEXT NOT NULL,
                    run             TEXT NOT NULL,
                    kind            TEXT NOT NULL,
                    file            TEXT NOT NULL,      -- relative to the root
                    bytes           INTEGER NOT NULL,
                    sha256          TEXT NOT NULL,
                    started_at      TEXT NOT NULL,      -- RFC 3339 UTC, ms: sorts as text
                    ended_at        TEXT NOT NULL,
                    recorded_at     TEXT NOT NULL,
                    deleted_at      TEXT,               -- NULL while the file exists
                    deleted_reason  TEXT,
                    recovered       INTEGER NOT NULL DEFAULT 0,
                    sidecar         TEXT NOT NULL       -- the sidecar JSON
                );
                -- One live row per path; a deleted file's name may be filed again later.
                CREATE UNIQUE INDEX files_live_file ON files(file) WHERE deleted_at IS NULL;
                CREATE INDEX files_job_started ON files(job, started_at);
                CREATE INDEX files_run ON files(run);
                """)
        }
        migrator.registerMigration("v2: run status names as in SPEC (done)") { db in
            try db.execute(sql: "UPDATE runs SET status = 'done' WHERE status = 'succeeded'")
        }
        migrator.registerMigration("v3-trigger-event") { db in
            // A trigger job's clips and key stills: their event as compact JSON {at, kind, score, box}.
            try db.execute(sql: """
                ALTER TABLE files ADD COLUMN event TEXT;
                UPDATE files SET event = json_extract(sidecar, '$.event') WHERE json_extract(sidecar, '$.event') IS NOT NULL;
                """)
        }
        // The fleet catalog's queue (it depends on "v1" only).
        CatalogFleetQueue.registerMigration(&migrator)
        migrator.registerMigration("v5-adopted") { db in
            // Files adopted by probing, without a sidecar: camsched cannot tell it filed them,
            // so retention and prune never delete them. Rows of earlier rebuilds are known by
            // the "unknown" camsched version of their probed sidecar.
            try db.execute(sql: """
                ALTER TABLE files ADD COLUMN adopted INTEGER NOT NULL DEFAULT 0;
                UPDATE files SET adopted = 1 WHERE recovered = 0 AND json_extract(sidecar, '$.camschedVersion') = 'unknown';
                """)
        }
        return migrator
    }
}
