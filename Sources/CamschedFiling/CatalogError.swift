import GRDB

/// Why the catalog could not be opened, read or written.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite reported an error (`code` is SQLite's extended result code).
    case database(path: String, code: Int32, message: String)
    /// A file-system step (folders, the lock file, deleting a file) failed.
    case filing(FilingError)
    /// A sidecar could not be encoded or decoded.
    case sidecar(SidecarError)
    /// There is no catalogued file with that name or id.
    case notFound(String)

    public var description: String {
        switch self {
        case .database(let path, let code, let message):
            let hint: String
            switch code & 0xff {
            case 5, 6: hint = "; another process holds the catalog for too long — retry, or look for a stuck camsched"
            case 8: hint = "; the catalog is read-only — check the permissions of the output root"
            case 11, 26: hint = "; the catalog is damaged — move it away and rebuild it from the sidecars"
            case 13: hint = "; the filesystem is full"
            default: hint = ""
            }
            return "catalog \(path): \(message) (SQLite error \(code))\(hint)"
        case .filing(let error): return error.description
        case .sidecar(let error): return error.description
        case .notFound(let what): return "the catalog has no file \(what); see `camsched catalog list`"
        }
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
