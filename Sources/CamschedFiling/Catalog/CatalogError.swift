import GRDB

/// Why the catalog could not be opened, read or written.
package enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite reported an error (`code` is SQLite's extended result code).
    case database(path: String, code: Int32, message: String)
    /// A file-system step (folders, the lock file, deleting a file) failed.
    case filing(FilingError)
    /// A sidecar could not be encoded or decoded.
    case sidecar(SidecarError)
    /// There is no catalogued file with that name or id.
    case notFound(String)
    /// There is no catalog file (a read-only open does not create one).
    case missing(path: String)

    package var description: String {
        switch self {
        case .database(let path, let code, let message):
            let hint: String
            switch code & 0xff {
            case 5, 6: hint = "; another process holds the catalog for too long — retry, or look for a stuck camsched"
            case 8: hint = "; the catalog is read-only — check the permissions of the output root"
            case 11, 26: hint = "; the catalog is damaged — `camsched catalog rebuild --root \(Self.root(of: path))` builds a new one from the sidecars"
            case 13: hint = "; the filesystem is full"
            default: hint = ""
            }
            return "catalog \(path): \(message) (SQLite error \(code))\(hint)"
        case .filing(let error): return error.description
        case .sidecar(let error): return error.description
        case .notFound(let what): return "the catalog has no file \(what); see `camsched catalog list`"
        case .missing(let path):
            return "no catalog at \(path); give the job's output root with --root, or build one from the sidecars with "
                + "`camsched catalog rebuild --root \(Self.root(of: path))`"
        }
    }

    /// The file is not a database, is corrupt, or was moved or deleted under an open
    /// connection (`SQLITE_READONLY_DBMOVED`): rebuilding from the sidecars is the cure.
    package var isDamage: Bool {
        guard case .database(_, let code, _) = self else { return false }
        return code & 0xff == 11 || code & 0xff == 26 || code == 1032
    }

    /// Another connection holds the lock (`SQLITE_BUSY`, `SQLITE_LOCKED`): waiting helps.
    package var isBusy: Bool {
        guard case .database(_, let code, _) = self else { return false }
        return code & 0xff == 5 || code & 0xff == 6
    }

    /// The filesystem (or the quota) is full (`SQLITE_FULL`, or `ENOSPC`/`EDQUOT` of a file step).
    package var isFull: Bool {
        switch self {
        case .database(_, let code, _): return code & 0xff == 13
        case .filing(let error): if case .diskFull = error { return true }
        default: break
        }
        return false
    }

    /// An I/O error of the kind a filesystem without shared memory gives WAL (`SQLITE_IOERR_SHM*`
    /// and other `SQLITE_IOERR` codes, or `SQLITE_CANTOPEN` of the `-shm` file).
    static func isSharedMemoryFailure(_ error: DatabaseError) -> Bool {
        let code = error.extendedResultCode.rawValue
        return code & 0xff == 10 || code & 0xff == 14
    }

    private static func root(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func wrap(_ error: any Error, path: String) -> CatalogError {
        switch error {
        case let error as CatalogError: return error
        case let error as DatabaseError:
            return .database(path: path, code: error.extendedResultCode.rawValue, message: error.message ?? "\(error)")
        case let error as FilingError: return .filing(error)
        case let error as SidecarError: return .sidecar(error)
        default: return .database(path: path, code: 1, message: String(describing: error))
        }
    }
}
