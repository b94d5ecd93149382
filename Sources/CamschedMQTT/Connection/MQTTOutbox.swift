import CamschedFiling
import Foundation
import GRDB

/// The durable queue of a job's MQTT events: a SQLite file, `ROOT/.mqtt/JOB.sqlite`, beside the
/// job's files and independent of the catalog (it works with `output.catalog: false`). A
/// message is written here before it is sent and removed only when the broker acknowledged it
/// (PUBACK), so events published while the broker is away, or by a run that ended before it
/// came back, are sent once, in order, by the next connection. Each row names the connection
/// that sends it (``MQTTQueueSender``): processes sharing the file (a `run` beside the `daemon`)
/// each send their own rows, and the rows of one that is gone are taken over by one of the
/// others. It also keeps small values that must outlive a process (the files filed today).
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
        try Self.createOrMigrate(database)
    }

    /// Creates the tables, or adds the `sender` column to a queue an older camsched wrote (its
    /// rows, without a sender, are anyone's to send). In one IMMEDIATE transaction: processes
    /// opening the same file at once take turns, and only the first adds the column.
    private static func createOrMigrate(_ database: DatabaseQueue) throws {
        try database.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS outbox (
                        id      INTEGER PRIMARY KEY AUTOINCREMENT,
                        topic   TEXT NOT NULL,
                        payload BLOB NOT NULL,
                        qos     INTEGER NOT NULL,
                        retain  INTEGER NOT NULL,
                        sender  TEXT
                    );
                    CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                    """)
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('outbox')")
                if !columns.contains("sender") { try db.execute(sql: "ALTER TABLE outbox ADD COLUMN sender TEXT") }
                return .commit
            }
        }
    }

    /// Appends messages that `sender` queues (and will send), in order, in one transaction.
    func append(_ messages: [MQTTMessage], sender: MQTTQueueSender) throws {
        guard !messages.isEmpty else { return }
        try database.write { db in
            for message in messages {
                try db.execute(sql: "INSERT INTO outbox (topic, payload, qos, retain, sender) VALUES (?, ?, ?, ?, ?)",
                               arguments: [message.topic, Data(message.payload), message.qos, message.retain, sender.description])
            }
        }
    }

    /// Up to `limit` rows for `sender` to send, oldest first, leaving out `excluding` (those it
    /// handed to libmosquitto already). Rows whose sender is gone, or that have none, become
    /// `sender`'s first, in the same IMMEDIATE transaction: two processes never take the same row.
    func claim(for sender: MQTTQueueSender, excluding: Set<Int64>, limit: Int) throws -> [Row] {
        try database.writeWithoutTransaction { db in
            var rows: [Row] = []
            try db.inTransaction(.immediate) {
                try Self.adoptOrphans(db, for: sender)
                rows = try Self.rows(db, of: sender, excluding: excluding, limit: limit)
                return .commit
            }
            return rows
        }
    }

    /// Whether rows of `sender` wait, besides `excluding`.
    func hasRows(of sender: MQTTQueueSender, excluding: Set<Int64>) throws -> Bool {
        try database.read { db in try !Self.rows(db, of: sender, excluding: excluding, limit: 1).isEmpty }
    }

    /// Gives `sender` the rows of senders that are gone (a process that ended or was killed, a
    /// closed connection) and those of no sender.
    private static func adoptOrphans(_ db: Database, for sender: MQTTQueueSender) throws {
        let others = try String?.fetchAll(db, sql: "SELECT DISTINCT sender FROM outbox WHERE sender IS NOT ?",
                                          arguments: [sender.description])
        let gone = others.filter { text in text.flatMap(MQTTQueueSender.init)?.isLive != true }
        for text in gone {
            try db.execute(sql: "UPDATE outbox SET sender = ? WHERE sender IS ?", arguments: [sender.description, text])
        }
    }

    private static func rows(_ db: Database, of sender: MQTTQueueSender, excluding: Set<Int64>, limit: Int) throws -> [Row] {
        guard limit > 0 else { return [] }
        // The excluded rows are the sender's oldest: read past them and drop them here.
        let fetched = try GRDB.Row.fetchAll(db, sql: "SELECT id, topic, payload, qos, retain FROM outbox WHERE sender = ? ORDER BY id LIMIT ?",
                                            arguments: [sender.description, limit + excluding.count])
        return fetched.lazy.filter { !excluding.contains($0["id"]) }.prefix(limit).map { row in
            let payload: Data = row["payload"]
            return Row(id: row["id"], message: MQTTMessage(topic: row["topic"], payload: [UInt8](payload), qos: row["qos"], retain: row["retain"]))
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
