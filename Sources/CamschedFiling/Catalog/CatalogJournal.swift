import Glibc

/// How the catalog keeps its database consistent across processes.
///
/// SQLite's WAL mode lets readers and a writer work at once, but it needs a shared-memory
/// file (`catalog.sqlite-shm`) mapped by every process — which network filesystems (NFS, SMB,
/// 9p, most FUSE file systems) cannot provide: opening fails with "disk I/O error" (SQLite
/// error 5386, `SQLITE_IOERR_SHMMAP`). There the catalog uses a rollback journal, which only
/// needs ordinary file locks.
package enum CatalogJournal: String, Sendable, Equatable, CustomStringConvertible {
    /// Write-ahead log with shared memory (local filesystems).
    case wal
    /// A rollback journal (`journal_mode=DELETE`), for filesystems without shared memory.
    case rollback

    /// The environment variable that forces a journal (`wal` or `rollback`), for filesystems
    /// camsched cannot recognise and for tests.
    package static let environmentVariable = "CAMSCHED_CATALOG_JOURNAL"

    package var description: String { self == .wal ? "WAL" : "rollback journal" }

    /// The journal for a catalog in `folder`: forced by ``environmentVariable``, else
    /// ``rollback`` on a network filesystem (see ``FilesystemType``), else ``wal``.
    package static func automatic(forFolder folder: String) -> CatalogJournal {
        if let forced = getenv(environmentVariable).map({ String(cString: $0) }),
           let journal = CatalogJournal(rawValue: forced.lowercased()) {
            return journal
        }
        return FilesystemType(path: folder)?.lacksSharedMemory == true ? .rollback : .wal
    }
}
