import Foundation
import Glibc
import GRDB
import Logging
import Synchronization

/// The catalog's database: its connection, transactions, and reopening on another file. The
/// files, runs and fleet queue (``CatalogFiles``, ``CatalogRuns``, ``CatalogFleetQueue``) are
/// read and written through it; ``Catalog`` hands them out.
///
/// On a local disk the database is in WAL mode with a busy timeout, so several camsched
/// processes (a daemon and a `catalog list`, or two jobs sharing a root) can use it at once;
/// on a network filesystem it uses a rollback journal (see ``CatalogJournal``). Write
/// transactions are `IMMEDIATE`, so they wait for each other instead of failing with
/// "database is locked".
///
/// A catalog deleted or damaged while open is noticed at the next write: it is rebuilt from
/// the sidecars and the runs this store began are written again.
package final class CatalogStore: Sendable {
    /// The output root.
    package let root: URL
    /// The database file.
    package let url: URL
    /// Opened read-only: nothing is created, locked or migrated, and writes fail.
    package let isReadOnly: Bool
    let busyTimeout: Duration
    /// The journal asked for at open (`nil`: automatic), used again when reopening.
    let requestedJournal: CatalogJournal?
    let logger: Logger?
    let connection: Mutex<CatalogConnection>
    /// The runs this store began, as last written: written again into a recreated catalog.
    let ownRuns = Mutex<[String: CatalogRun]>([:])
    private let reconnectCount = Mutex(0)

    private init(
        root: URL, url: URL, readOnly: Bool, busyTimeout: Duration, journal: CatalogJournal?, logger: Logger?,
        connection: CatalogConnection
    ) {
        self.root = root
        self.url = url
        self.isReadOnly = readOnly
        self.busyTimeout = busyTimeout
        self.requestedJournal = journal
        self.logger = logger
        self.connection = Mutex(connection)
    }

    /// The journal in use: ``CatalogJournal/wal`` or ``CatalogJournal/rollback``.
    package var journal: CatalogJournal { connection.withLock { $0.journal } }

    /// How often the catalog was reopened on another file (rebuilt, or replaced by another
    /// process): after a change, rows written to the old file may be missing from the new one.
    package var reconnections: Int { reconnectCount.withLock { $0 } }

    /// Opens the catalog of an output root and brings its schema up to date; creates it (and
    /// the root) if missing (``Catalog/open(root:busyTimeout:journal:readOnly:logger:)`` is the way in).
    /// - Parameters:
    ///   - root: the output root.
    ///   - busyTimeout: how long a write waits for another process's write to finish.
    ///   - journal: forces a journal; by default ``CatalogJournal/automatic(forFolder:)``, and a
    ///     WAL that fails for want of shared memory falls back to a rollback journal.
    ///   - readOnly: opens an existing catalog without writing anything, even on a read-only
    ///     filesystem or folder (for `list`, `show`, `runs` and `verify`).
    ///   - logger: where a journal fallback and a rebuild after deletion are logged.
    /// - Throws: ``CatalogError``; ``CatalogError/missing(path:)`` for a read-only open of
    ///   no catalog.
    package static func open(
        root: URL, busyTimeout: Duration = .seconds(30), journal: CatalogJournal? = nil, readOnly: Bool = false,
        logger: Logger? = nil
    ) throws(CatalogError) -> CatalogStore {
        let root = root.standardizedFileURL
        let url = root.appendingPathComponent(Catalog.fileName)
        let connection = try CatalogConnection.open(
            path: url.path, busyTimeout: busyTimeout, journal: journal, readOnly: readOnly, logger: logger)
        return CatalogStore(root: root, url: url, readOnly: readOnly, busyTimeout: busyTimeout, journal: journal, logger: logger,
                       connection: connection)
    }

    /// Runs a read (one deferred transaction) and turns its errors into ``CatalogError``.
    ///
    /// Not GRDB's `read`, which on this one connection brackets the read with `PRAGMA query_only`
    /// on and off: each of those pragmas expires every prepared statement, so the row statements
    /// a run compiles ahead of its still (``prepareRowStatements()``) were compiled again at the
    /// first write after any read. The bodies here only read.
    func read<T>(_ body: (Database) throws -> T) throws(CatalogError) -> T {
        let database = connection.withLock { $0.database }
        do {
            return try database.unsafeRead { db in try Self.inTransaction(.deferred, db, body) }
        } catch {
            throw CatalogError.wrap(error, path: url.path)
        }
    }

    /// Runs a write transaction. A catalog file that was deleted or replaced since it was
    /// opened, or that turns out damaged, is rebuilt (or reopened) and the write tried again.
    /// - Parameter durably: the transaction's log is flushed before it returns, whatever the
    ///   connection's `synchronous` (WAL: `NORMAL`, see ``CatalogDatabase/openWAL(path:configuration:)``):
    ///   for run rows, which no sidecar holds.
    func write<T>(durably: Bool = false, _ body: (Database) throws -> T) throws(CatalogError) -> T {
        var database = try currentWriter()
        do {
            return try Self.transaction(on: database, durably: durably, body)
        } catch {
            let failure = CatalogError.wrap(error, path: url.path)
            guard failure.isDamage, !isReadOnly else { throw failure }
            logger?.warning("the catalog \(url.path) is damaged (\(failure)); rebuilding it from the sidecars")
            try connection.withLock { (state: inout CatalogConnection) throws(CatalogError) in
                try reconnect(&state, rebuild: .damaged)
            }
            database = try currentWriter()
        }
        do {
            return try Self.transaction(on: database, durably: durably, body)
        } catch {
            throw CatalogError.wrap(error, path: url.path)
        }
    }

    /// A write transaction that is on disk when it returns, whatever the connection's
    /// `synchronous` (see ``write(durably:_:)``).
    func writeDurably<T>(_ body: (Database) throws -> T) throws(CatalogError) -> T {
        try write(durably: true, body)
    }

    private static func transaction<T>(on database: any DatabaseWriter, durably: Bool, _ body: (Database) throws -> T) throws -> T {
        guard durably else { return try database.write(body) }
        return try database.writeWithoutTransaction { db in
            // The level cannot change inside a transaction: FULL for this one, then as it was.
            let level = try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? 2
            try db.execute(sql: "PRAGMA synchronous = FULL")
            defer { try? db.execute(sql: "PRAGMA synchronous = \(level)") }
            return try Self.inTransaction(.immediate, db, body)
        }
    }

    /// `body` in one transaction of `kind`, committed, and its result.
    private static func inTransaction<T>(_ kind: Database.TransactionKind, _ db: Database, _ body: (Database) throws -> T) throws -> T {
        var result: T?
        try db.inTransaction(kind) {
            result = try body(db)
            return .commit
        }
        guard let result else { throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "no result") }
        return result
    }

    /// The database, reopened first when the file on disk is no longer the one opened: a
    /// catalog put in its place by another process (`catalog rebuild`) is used as it is; a
    /// file that is not a usable catalog (emptied, garbage) is set aside and rebuilt.
    private func currentWriter() throws(CatalogError) -> any DatabaseWriter {
        try connection.withLock { (state: inout CatalogConnection) throws(CatalogError) -> any DatabaseWriter in
            if !isReadOnly, FileIdentity(path: url.path) != state.identity {
                let reason: RebuildReason
                if FileIdentity(path: url.path) == nil { reason = .missing } else if CatalogRebuild.isUsable(url.path) { reason = .none } else {
                    logger?.warning("the catalog \(url.path) was replaced by a file that is not a catalog; setting it aside and rebuilding it from the sidecars")
                    reason = .damaged
                }
                try reconnect(&state, rebuild: reason)
            } else if !isReadOnly, let identity = state.identity, !CatalogDatabase.hasHeader(identity) {
                // Overwritten in place (same inode): with WAL the open connection would not
                // notice, and its next checkpoint would mix its pages into the garbage.
                logger?.warning("the catalog \(url.path) was overwritten with something that is not a catalog; setting it aside and rebuilding it from the sidecars")
                try reconnect(&state, rebuild: .damaged)
            }
            return state.database
        }
    }

    /// Sets the catalog aside and rebuilds it from the sidecars when its file can no longer be
    /// read as a catalog (called after a write failed for a reason other than a lock or a
    /// full disk, which SQLite does not always report as damage).
    /// - Returns: whether it was rebuilt.
    @discardableResult
    package func rebuildIfUnusable() throws(CatalogError) -> Bool {
        guard !isReadOnly, FileIdentity(path: url.path) != nil, !CatalogRebuild.isUsable(url.path) else { return false }
        logger?.warning("the catalog \(url.path) cannot be read any more; setting it aside and rebuilding it from the sidecars")
        try connection.withLock { (state: inout CatalogConnection) throws(CatalogError) in
            try reconnect(&state, rebuild: .damaged)
        }
        return true
    }

    enum RebuildReason { case none, missing, damaged }

    /// Replaces the connection: rebuilds the catalog first when it is missing or damaged,
    /// then writes this store's runs again.
    private func reconnect(_ state: inout CatalogConnection, rebuild reason: RebuildReason) throws(CatalogError) {
        switch reason {
        case .none:
            logger?.notice("the catalog \(url.path) was replaced by another process; reopening it")
        case .missing:
            logger?.warning("the catalog \(url.path) was deleted while in use; rebuilding it from the sidecars under \(root.path)")
            _ = try CatalogRebuild.replace(root: root, logger: logger, onlyIfUnusable: true)
        case .damaged:
            _ = try CatalogRebuild.replace(root: root, logger: logger, onlyIfUnusable: true, damaged: state.identity)
        }
        state = try CatalogConnection.open(
            path: url.path, busyTimeout: busyTimeout, journal: requestedJournal, readOnly: false, logger: logger)
        reconnectCount.withLock { $0 += 1 }
        let runs = ownRuns.withLock { $0 }
        let database = state.database
        do {
            try database.write { db in
                for run in runs.values.sorted(by: { $0.startedAt < $1.startedAt }) { try CatalogRuns.upsert(run, db) }
            }
        } catch {
            throw CatalogError.wrap(error, path: url.path)
        }
    }
}
