import CamschedFiling
import Foundation
import GRDB

/// The durable queue of a job's MQTT events: a SQLite file, `ROOT/.mqtt/JOB.sqlite`, beside the
/// job's files and independent of the catalog (it works with `output.catalog: false`). A
/// message is written here before it is sent and removed only when the broker acknowledged it
/// (PUBACK), so events published while the broker is away, or by a run that ended before it
/// came back, are sent once, in order, by the next connection. It also keeps small values that
/// must outlive a process (the files filed today).
final class MQTTOutbox: Sendable {
    struct Row: Sendable {
        let id: Int64
        let message: MQTTMessage
    }

    private let database: DatabaseQueue
    /// Where the queue is; nil when it could not be opened there and lives in memory.
    let url: URL?

    /// Opens (or creates) the queue of `job` under `root`; in memory when the root cannot hold it.
    init(root: URL?, job: String) throws {
        var opened: (DatabaseQueue, URL)?
        if let root {
            let folder = root.appendingPathComponent(MQTTQueueFolder.name, isDirectory: true)
            let url = folder.appendingPathComponent(MQTTTopics.level(job) + ".sqlite")
            if (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil {
                var configuration = Configuration()
                configuration.busyMode = .timeout(5)
                configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
                if let queue = try? DatabaseQueue(path: url.path, configuration: configuration) { opened = (queue, url) }
            }
        }
        database = try opened?.0 ?? DatabaseQueue()
        url = opened?.1
        // Outside a transaction: SQLite refuses to change the journal mode inside one.
        try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try database.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS outbox (
                    id      INTEGER PRIMARY KEY AUTOINCREMENT,
                    topic   TEXT NOT NULL,
                    payload BLOB NOT NULL,
                    qos     INTEGER NOT NULL,
                    retain  INTEGER NOT NULL
                );
                CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                """)
        }
    }

    /// Appends messages, in order, in one transaction.
    func append(_ messages: [MQTTMessage]) throws {
        guard !messages.isEmpty else { return }
        try database.write { db in
            for message in messages {
                try db.execute(sql: "INSERT INTO outbox (topic, payload, qos, retain) VALUES (?, ?, ?, ?)",
                               arguments: [message.topic, Data(message.payload), message.qos, message.retain])
            }
        }
    }

    /// Up to `limit` queued messages after `id`, oldest first.
    func next(after id: Int64, limit: Int) throws -> [Row] {
        try database.read { db in
            try GRDB.Row.fetchAll(db, sql: "SELECT id, topic, payload, qos, retain FROM outbox WHERE id > ? ORDER BY id LIMIT ?",
                                  arguments: [id, limit]).map { row in
                let payload: Data = row["payload"]
                return Row(id: row["id"], message: MQTTMessage(topic: row["topic"], payload: [UInt8](payload), qos: row["qos"], retain: row["retain"]))
            }
        }
    }

    /// Removes acknowledged messages.
    func remove(_ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try database.write { db in
            for id in ids { try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id]) }
        }
    }

    /// How many messages wait.
    func count() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox") ?? 0 }
    }

    func value(_ key: String) throws -> String? {
        try database.read { db in try String.fetchOne(db, sql: "SELECT value FROM state WHERE key = ?", arguments: [key]) }
    }

    func setValue(_ value: String, for key: String) throws {
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }
}
