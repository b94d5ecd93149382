import Foundation
import GRDB
import Logging

/// An open catalog database, the journal it uses and the identity of its file.
struct CatalogConnection: Sendable {
    var database: any DatabaseWriter
    var journal: CatalogJournal
    /// The file that was opened; `nil` for read-only connections, which never reopen.
    var identity: FileIdentity?

    /// Opens (creating and migrating when writable) the catalog at `path`.
    static func open(
        path: String, busyTimeout: Duration, journal: CatalogJournal?, readOnly: Bool, logger: Logger?
    ) throws(CatalogError) -> CatalogConnection {
        let configuration = CatalogDatabase.configuration(busyTimeout: busyTimeout, readOnly: readOnly)
        let folder = FilesystemSpace.parent(of: path)
        if readOnly {
            guard FileIdentity(path: path) != nil else { throw .missing(path: path) }
            do {
                let database = try CatalogDatabase.openReadOnly(path: path, configuration: configuration)
                return CatalogConnection(database: database, journal: .rollback, identity: nil)
            } catch {
                throw CatalogError.wrap(error, path: path)
            }
        }
        do {
            try FilingCall.makeFolders(folder)
        } catch {
            throw .filing(error)
        }
        // Links are never followed below the root (SQLite would write the catalog wherever
        // the link points); a folder in its place cannot be opened either.
        if CatalogDatabase.isSpecialFile(path) {
            throw .database(path: path, code: 14, message: "not a regular file (a symbolic link or a folder)")
        }
        let chosen = journal ?? CatalogJournal.automatic(forFolder: folder)
        do throws(any Error) {
            // Migrations check and apply in separate steps; a lock file keeps two processes
            // opening a new catalog at the same moment from both creating the tables.
            let lock = try MigrationLock(path: path + ".lock")
            defer { lock.release() }
            var (database, used) = (try connect(path, chosen, configuration, journalForced: journal != nil, logger: logger), chosen)
            do {
                try CatalogSchema.migrate(database)
            } catch let error as DatabaseError where used == .wal && journal == nil && CatalogError.isSharedMemoryFailure(error) {
                logger?.warning("the catalog \(path) cannot use WAL here (\(error.message ?? "\(error)")); using a rollback journal")
                (database, used) = (try CatalogDatabase.openRollback(path: path, configuration: configuration), .rollback)
                try CatalogSchema.migrate(database)
            }
            return CatalogConnection(database: database, journal: used, identity: FileIdentity(path: path))
        } catch {
            throw CatalogError.wrap(error, path: path)
        }
    }

    private static func connect(
        _ path: String, _ journal: CatalogJournal, _ configuration: Configuration, journalForced: Bool, logger: Logger?
    ) throws -> any DatabaseWriter {
        switch journal {
        case .rollback:
            return try CatalogDatabase.openRollback(path: path, configuration: configuration)
        case .wal:
            do {
                return try CatalogDatabase.openWAL(path: path, configuration: configuration)
            } catch let error as DatabaseError where !journalForced && CatalogError.isSharedMemoryFailure(error) {
                logger?.warning("the catalog \(path) cannot use WAL here (\(error.message ?? "\(error)")); using a rollback journal")
                return try CatalogDatabase.openRollback(path: path, configuration: configuration)
            }
        }
    }
}
