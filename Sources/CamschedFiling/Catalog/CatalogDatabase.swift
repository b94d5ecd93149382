import Foundation
import Glibc
import GRDB
import GRDBSQLite

/// Opens the SQLite database of a catalog in one of its three ways: WAL (local disks), a
/// rollback journal (network filesystems), or read-only (archives, `catalog list`).
enum CatalogDatabase {
    /// The connection settings every mode shares.
    static func configuration(busyTimeout: Duration, readOnly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(Retention.seconds(busyTimeout))
        configuration.label = "camsched catalog"
        configuration.readonly = readOnly
        // The schema has no foreign keys: GRDB's default would turn them on at every open.
        configuration.foreignKeysEnabled = false
        // A small page cache per connection: the catalog is written a row at a time and read
        // rarely, and a daemon that runs for months should not grow with the database.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -256")
            // 1 KiB pages in a new catalog (an existing one keeps its own; for a read-only one this
            // changes nothing): a file's row changes a table leaf, an overflow page, three index
            // leaves and the id counter, and each goes to the log whole.
            if !readOnly { try db.execute(sql: "PRAGMA page_size = 1024") }
        }
        return configuration
    }

    /// One connection in WAL mode, with `synchronous = NORMAL`: a commit appends to the
    /// write-ahead log without flushing it (the log is flushed at each checkpoint, and by
    /// ``CatalogStore/writeDurably(_:)``), so a file's row costs no journal commit of the
    /// filesystem's own. The database stays consistent after a power cut; what it may lose are
    /// file rows of the last moments, each written after its file and sidecar were flushed —
    /// the next start adopts them from their sidecars (the catalog is derived data).
    ///
    /// One connection, not GRDB's pool: a run's catalog is written and read by its writer's
    /// thread alone, and other processes still read beside it (WAL). A pool opened a second
    /// connection for the first read, and at each open asked Foundation for the log's size
    /// (user and group names looked up with it) and, without a log, made one with a transaction
    /// of its own. The log and its index are kept when the last connection closes
    /// (`SQLITE_FCNTL_PERSIST_WAL`; the close still folds the log into the database), so that
    /// they are not made and deleted again at every cron run — and the log is emptied then
    /// (`journal_size_limit`): the next process's first opener rebuilds the index from the
    /// log, and a log kept whole would have its folded frames counted again, each run's rows
    /// appended after them (it grew by a run's frames at every cron run, without end).
    static let logSizeLimit = 1 << 20

    static func openWAL(path: String, configuration: Configuration) throws -> any DatabaseWriter {
        var configuration = configuration
        configuration.prepareDatabase { db in
            var persist: Int32 = 1
            _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            // Refused (no shared memory here): an I/O error, which falls back to a rollback journal.
            guard mode == "wal" else { throw DatabaseError(resultCode: .SQLITE_IOERR, message: "journal mode \(mode ?? "-"), not WAL") }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Emptied at the last close, and cut back to 1 MiB whenever it starts again.
            _ = try Int.fetchOne(db, sql: "PRAGMA journal_size_limit = \(Self.logSizeLimit)")
        }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// A single connection with a rollback journal. A catalog left in WAL mode (made on a
    /// local disk and copied, or by an older camsched) is switched over first: without shared
    /// memory SQLite can read a WAL database only in exclusive locking mode.
    static func openRollback(path: String, configuration: Configuration) throws -> any DatabaseWriter {
        var configuration = configuration
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "PRAGMA locking_mode = NORMAL")
            // The next read releases the exclusive lock the switch took.
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
        }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// A read-only connection that needs no write access anywhere: first as usual (shared
    /// memory works when the folder is writable or `-shm` exists); else with SQLite's
    /// `immutable` flag, which skips locks and shared memory (only when no `-wal` holds rows
    /// the main file lacks); else on a private copy in the temporary folder.
    static func openReadOnly(path: String, configuration: Configuration) throws -> any DatabaseWriter {
        var configuration = configuration
        configuration.readonly = true
        var firstError: (any Error)?
        do {
            return try checked(DatabaseQueue(path: path, configuration: configuration))
        } catch {
            firstError = error
        }
        if !hasWriteAheadLog(path) {
            let uri = "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
            if let queue = try? checked(DatabaseQueue(path: uri, configuration: configuration)) { return queue }
        }
        do {
            return try openPrivateCopy(path: path, configuration: configuration)
        } catch {
            throw firstError ?? error
        }
    }

    /// Reads the schema once, so that a file that is not a database fails here.
    private static func checked(_ queue: DatabaseQueue) throws -> DatabaseQueue {
        _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        return queue
    }

    /// Whether the open catalog file `identity` still starts as every SQLite database does
    /// (`SQLite format 3\0`). It is read through a descriptor SQLite already holds (found in
    /// `/proc/self/fd`): opening and closing the file here would drop every POSIX lock this
    /// process holds on it — SQLite's own — and let another process delete the write-ahead log
    /// under our connection. Without such a descriptor it counts as intact.
    static func hasHeader(_ identity: FileIdentity) -> Bool { headerThroughOpenDescriptor(identity) ?? true }

    /// Whether file `identity` starts as an SQLite database, read through a descriptor this
    /// process already holds; nil when it holds none (then opening it cannot drop our locks).
    static func headerThroughOpenDescriptor(_ identity: FileIdentity) -> Bool? {
        // opendir, not FileManager: this runs before every catalog write.
        guard let listing = opendir("/proc/self/fd") else { return nil }
        defer { closedir(listing) }
        while let entry = readdir(listing) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard let descriptor = Int32(name), descriptor != dirfd(listing) else { continue }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, UInt64(status.st_dev) == identity.device,
                  UInt64(status.st_ino) == identity.inode else { continue }
            var bytes = [UInt8](repeating: 0, count: 16)
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 16, 0) }
            guard count >= 0 else { return nil }
            return count == 16 && bytes == Array("SQLite format 3\0".utf8)
        }
        return nil
    }

    /// Whether something other than a regular file is at `path`: a symbolic link (which
    /// SQLite would follow, writing outside the root), a folder, a device.
    static func isSpecialFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG
    }

    private static func hasWriteAheadLog(_ path: String) -> Bool {
        var status = stat()
        return lstat(path + "-wal", &status) == 0 && status.st_size > 0
    }

    /// Copies the database and its WAL to a private folder, folds the WAL in, opens the copy
    /// read-only and removes it from the folder (the open descriptor keeps it readable).
    private static func openPrivateCopy(path: String, configuration: Configuration) throws -> any DatabaseWriter {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("camsched-catalog-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(Catalog.fileName).path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        if hasWriteAheadLog(path) { try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal") }
        var writable = configuration
        writable.readonly = false
        try DatabaseQueue(path: copy, configuration: writable).writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
        }
        return try checked(DatabaseQueue(path: copy, configuration: configuration))
    }
}
