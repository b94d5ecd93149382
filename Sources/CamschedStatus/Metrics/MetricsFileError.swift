import SystemPackage

/// Why `--metrics-file` cannot be written, with what to do about it. At the start each one ends
/// the process with exit code 2 before anything is captured; during a run it is a warning and
/// the file (or whatever is at its path) stays as it is.
package enum MetricsFileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The option or the environment variable is empty.
    case empty
    /// The folder the file would go in does not exist.
    case folderMissing(path: String, folder: String)
    /// The path's folder part names something that is not a folder.
    case folderNotAFolder(path: String, folder: String)
    /// The path is a folder.
    case isAFolder(path: String)
    /// The path is a symbolic link: camsched neither writes through it nor replaces it.
    case symbolicLink(path: String, target: String)
    /// The path is a FIFO, a device node or a socket (`kind` says which): never opened, never replaced.
    case notARegularFile(path: String, kind: String)
    /// A system call on the way to the file failed (`call` is what camsched was doing).
    case cannotWrite(path: String, folder: String, call: String, errno: Errno)

    package var description: String {
        switch self {
        case .empty:
            "--metrics-file must not be empty; name a file such as /var/lib/prometheus/node-exporter/camsched.prom"
        case let .folderMissing(path, folder):
            "--metrics-file \(path): the folder \(folder) does not exist; create it (mkdir -p \(folder)) or name a file in node_exporter's textfile folder (--collector.textfile.directory)"
        case let .folderNotAFolder(path, folder):
            "--metrics-file \(path): \(folder) is not a folder; name a file in a folder"
        case let .isAFolder(path):
            "--metrics-file \(path) is a folder; name a file in it, e.g. \(path == "/" ? "" : path)/camsched.prom"
        case let .symbolicLink(path, target):
            "--metrics-file \(path) is a symbolic link (to \(target)), not a regular file; camsched neither writes through a link nor replaces one: name the file itself, or remove the link"
        case let .notARegularFile(path, kind):
            "--metrics-file \(path) is \(kind), not a regular file; camsched writes only a regular file there (or creates one) and never replaces anything else: name another path, such as a file in node_exporter's textfile folder"
        case let .cannotWrite(path, folder, call, errno):
            "--metrics-file \(path): \(call == "create" ? "cannot create a file in \(folder)" : "cannot write \(path) (\(call))") (\(errno.description)); let this user write in \(folder) (chown or chmod) or name a file in another folder"
        }
    }
}
