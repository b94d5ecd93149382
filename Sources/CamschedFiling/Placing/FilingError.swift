import Glibc

/// Why a file could not be filed. Every case carries the path involved and, for failed
/// system calls, the `errno` and the call's name.
package enum FilingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The filesystem is full (or the user's quota is): `ENOSPC` or `EDQUOT` while writing
    /// or flushing. The partial file has been removed; nothing under a final name was touched.
    case diskFull(filesystem: String, freeBytes: Int64, path: String, errno: Int32)
    /// A system call failed.
    case systemCall(name: String, path: String, errno: Int32)
    /// A relative path tried to leave the root, was empty, or was absolute.
    case invalidRelativePath(String)
    /// No free name `NAME-N.EXT` was found after many attempts.
    case noFreeName(path: String)
    /// The code writing the file threw; the partial file has been removed.
    case writerFailed(path: String, message: String)
    /// The partial file was already committed or abandoned.
    case partialAlreadyClosed(path: String)
    /// A folder under the output root is a symbolic link (or not a folder): camsched never
    /// follows a link below the root, so that nobody can redirect its writes elsewhere.
    case linkInPath(path: String)
    /// A file camsched was about to use is not its own (another user's, a link, or without
    /// camsched's marker); it was left alone.
    case notOurs(path: String, reason: String)

    /// The `errno` behind this error, if any.
    package var errno: Int32? {
        switch self {
        case .diskFull(_, _, _, let code), .systemCall(_, _, let code): return code
        default: return nil
        }
    }

    package var description: String {
        switch self {
        case .diskFull(let filesystem, let freeBytes, let path, let code):
            let what = code == EDQUOT ? "the disk quota is exhausted" : "the filesystem is full"
            return "cannot write \(path): \(what) on \(filesystem) (\(ByteCountText.format(freeBytes)) free); free some space or set \"retention\" (\"minFree\", \"maxSize\") for this job"
        case .systemCall(let name, let path, let code):
            return "\(name)(\(path)) failed: \(String(cString: strerror(code))) (errno \(code))\(Self.hint(for: code))"
        case .invalidRelativePath(let path):
            return "\"\(path)\" is not a usable path under the output root: it must be relative, non-empty and must not contain \"..\""
        case .noFreeName(let path):
            return "no free file name next to \(path) (tried \(path) and -1 … -9999); clean up the folder"
        case .writerFailed(let path, let message):
            return "writing \(path) failed: \(message); the partial file was removed"
        case .partialAlreadyClosed(let path):
            return "the partial file \(path) was already committed or abandoned"
        case .linkInPath(let path):
            return "\(path) is a symbolic link or not a folder; camsched does not follow links below the output root (so that nobody can redirect its writes): replace it with a real folder"
        case .notOurs(let path, let reason):
            return "\(path) was not made by camsched (\(reason)); it was left alone: remove it if it is not needed"
        }
    }

    private static func hint(for code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "; check that the user running camsched may write to the output root"
        case EROFS: return "; the filesystem is mounted read-only"
        case ENOENT: return "; the folder does not exist or was removed meanwhile"
        default: return ""
        }
    }
}
