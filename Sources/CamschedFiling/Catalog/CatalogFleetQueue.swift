import Foundation
import GRDB

/// The local catalog as the fleet catalog's queue (SPEC section 8): while a root is enabled
/// for a fleet catalog, triggers put every new or changed row of `files` and `runs` into
/// `fleet_outbox`; the sender copies them to PostgreSQL and removes them from the outbox only
/// after PostgreSQL committed them. A row changed while it was being sent gets a new outbox
/// entry (a higher `seq`) and goes again.
package struct CatalogFleetQueue: Sendable {
    let store: CatalogStore

    /// The output root whose catalog this queue is part of.
    package var root: URL { store.root }

    /// Registers the queue's migration. It depends on nothing but "v1" (the `files` and `runs`
    /// tables), so migrations registered beside it in any order leave it valid.
    static func registerMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-fleet-queue") { db in
            try db.execute(sql: """
                CREATE TABLE fleet_state (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                CREATE TABLE fleet_outbox (
                    seq     INTEGER PRIMARY KEY AUTOINCREMENT,
                    file_id INTEGER,                -- files.id, or NULL
                    run_id  TEXT,                   -- runs.id, or NULL
                    node    TEXT NOT NULL
                );
                CREATE UNIQUE INDEX fleet_outbox_file ON fleet_outbox(file_id) WHERE file_id IS NOT NULL;
                CREATE UNIQUE INDEX fleet_outbox_run ON fleet_outbox(run_id) WHERE run_id IS NOT NULL;
                """)
            for (table, column, key) in [("files", "file_id", "NEW.id"), ("runs", "run_id", "NEW.id")] {
                for event in ["INSERT", "UPDATE"] {
                    try db.execute(sql: """
                        CREATE TRIGGER fleet_\(table)_\(event.lowercased()) AFTER \(event) ON \(table)
                        WHEN EXISTS (SELECT 1 FROM fleet_state WHERE key = 'node')
                        BEGIN
                            DELETE FROM fleet_outbox WHERE \(column) = \(key);
                            INSERT INTO fleet_outbox (\(column), node) VALUES (\(key), (SELECT value FROM fleet_state WHERE key = 'node'));
                        END;
                        """)
                }
            }
        }
    }

    /// Turns the queue on for this root (or keeps it on), naming the node and fleet catalog
    /// its rows go to. The first time, every row already in the catalog is queued: a root
    /// that joins a fleet brings its history along.
    /// - Returns: how many rows were queued now (0 when the queue was already on).
    @discardableResult
    package func enable(node: String, url: String) throws(CatalogError) -> Int {
        try store.write { db in
            let enabled = try String.fetchOne(db, sql: "SELECT value FROM fleet_state WHERE key = 'node'") != nil
            try db.execute(sql: "INSERT OR REPLACE INTO fleet_state (key, value) VALUES ('node', ?), ('url', ?)", arguments: [node, url])
            guard !enabled else { return 0 }
            try db.execute(sql: "INSERT INTO fleet_outbox (file_id, node) SELECT id, ? FROM files WHERE id NOT IN (SELECT file_id FROM fleet_outbox WHERE file_id IS NOT NULL) ORDER BY id", arguments: [node])
            let files = db.changesCount
            try db.execute(sql: "INSERT INTO fleet_outbox (run_id, node) SELECT id, ? FROM runs WHERE id NOT IN (SELECT run_id FROM fleet_outbox WHERE run_id IS NOT NULL) ORDER BY started_at", arguments: [node])
            return files + db.changesCount
        }
    }

    /// The node and fleet catalog URL this root was last enabled with; `nil` if never (or if
    /// the catalog predates the queue).
    package func settings() throws(CatalogError) -> (node: String, url: String)? {
        try store.read { db in
            guard try db.tableExists("fleet_state") else { return nil }
            let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM fleet_state")
            var values: [String: String] = [:]
            for row in rows { values[row["key"]] = row["value"] }
            guard let node = values["node"], let url = values["url"] else { return nil }
            return (node, url)
        }
    }

    /// The oldest queued rows: at most `limit` files and `limit` runs, each with its node.
    package func batch(limit: Int) throws(CatalogError) -> FleetQueueBatch {
        try store.read { db in
            var batch = FleetQueueBatch()
            guard try db.tableExists("fleet_outbox") else { return batch }
            let files = try Row.fetchAll(db, sql: """
                SELECT o.seq AS queue_seq, o.node AS queue_node, f.* FROM fleet_outbox o LEFT JOIN files f ON f.id = o.file_id
                WHERE o.file_id IS NOT NULL ORDER BY o.seq LIMIT ?
                """, arguments: [limit])
            for row in files {
                let seq: Int64 = row["queue_seq"]
                if row["id"] as Int64? == nil { batch.stale.append(seq); continue }
                batch.files.append(.init(seq: seq, node: row["queue_node"], entry: CatalogEntry(row: row)))
            }
            let runs = try Row.fetchAll(db, sql: """
                SELECT o.seq AS queue_seq, o.node AS queue_node, o.run_id AS queue_run, r.* FROM fleet_outbox o
                LEFT JOIN runs r ON r.id = o.run_id WHERE o.run_id IS NOT NULL ORDER BY o.seq LIMIT ?
                """, arguments: [limit])
            for row in runs {
                let seq: Int64 = row["queue_seq"]
                if row["id"] as String? == nil { batch.stale.append(seq); continue }
                batch.runs.append(.init(seq: seq, node: row["queue_node"], run: CatalogRun(row: row)))
            }
            return batch
        }
    }

    /// Removes sent entries from the queue: call only after PostgreSQL committed them. An
    /// entry replaced since it was read (its row changed) has another `seq` and stays.
    package func markSent(_ seqs: [Int64]) throws(CatalogError) {
        guard !seqs.isEmpty else { return }
        try store.write { db in
            for chunk in stride(from: 0, to: seqs.count, by: 500).map({ seqs[$0..<min($0 + 500, seqs.count)] }) {
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                try db.execute(sql: "DELETE FROM fleet_outbox WHERE seq IN (\(marks))", arguments: StatementArguments(Array(chunk)))
            }
        }
    }

    /// What waits in the queue: rows in all, and files per run.
    package func backlog() throws(CatalogError) -> FleetBacklog {
        try store.read { db in
            guard try db.tableExists("fleet_outbox") else { return FleetBacklog() }
            var backlog = FleetBacklog()
            backlog.rows = try Int.fetchOne(db, sql: "SELECT count(*) FROM fleet_outbox") ?? 0
            for row in try Row.fetchAll(db, sql: """
                SELECT f.run AS run, count(*) AS n FROM fleet_outbox o JOIN files f ON f.id = o.file_id GROUP BY f.run
                """) {
                backlog.filesByRun[row["run"]] = row["n"]
            }
            backlog.runs = Set(try String.fetchAll(db, sql: "SELECT run_id FROM fleet_outbox WHERE run_id IS NOT NULL"))
            return backlog
        }
    }
}
