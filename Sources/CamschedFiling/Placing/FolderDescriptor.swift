import CamschedCore
import Glibc
import SystemPackage

/// An open folder. Everything below it is reached with the `*at` calls relative to this
/// descriptor, one component at a time and never following a symbolic link, so that a folder
/// swapped for a link while camsched runs cannot redirect a write elsewhere.
///
/// A small wrapper rather than swift-system's `FileDescriptor`: swift-system has no `mkdirat`,
/// `renameat2`, `fstatat` or xattr calls, so it would not save any code here. Open to the package:
/// the metrics file of the status layer is placed with the same calls.
package final class FolderDescriptor: Sendable {
    /// The descriptor (`O_RDONLY | O_DIRECTORY`).
    package let descriptor: Int32
    /// The folder's path, for messages only.
    package let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Opens a folder by its path, following links in the path (the output root is the
    /// user's choice and may well be a link to a mounted disk).
    /// The corresponding C call is `open(path, O_DIRECTORY)`.
    package static func open(path: String) throws(FilingError) -> FolderDescriptor {
        let fd = try FilingCall.run("open", path: path) { Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        return FolderDescriptor(descriptor: fd, path: path)
    }

    /// `/proc/self/fd/N`: a path naming this very folder for code that only takes paths
    /// (FFmpeg), or `nil` where `/proc` is not mounted.
    var procPath: String? {
        let path = "/proc/self/fd/\(descriptor)"
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
        var own = stat()
        guard fstat(descriptor, &own) == 0, own.st_ino == status.st_ino, own.st_dev == status.st_dev else { return nil }
        return path
    }

    /// Whether the folder was removed (its link count is 0) since it was opened.
    var isRemoved: Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_nlink == 0
    }

    // MARK: Folders below

    /// Opens the subfolder `name`, creating it (mode 0755 before umask) when `create` is set.
    /// - Throws: ``FilingError/linkInPath(path:)`` when `name` is a symbolic link or not a
    ///   folder; ``FilingError/systemCall(name:path:errno:)`` otherwise.
    /// The corresponding C calls are `mkdirat` and `openat(O_DIRECTORY | O_NOFOLLOW)`.
    func folder(_ name: String, create: Bool) throws(FilingError) -> FolderDescriptor {
        let childPath = path + "/" + name
        if create, case let .failure(errno) = SystemCall.valueOrErrno({ mkdirat(descriptor, name, 0o755) }), errno != .fileExists {
            if FilingCall.isNoSpace(errno.rawValue) { throw FileFiler.diskFull(root: path, path: childPath, errno: errno.rawValue) }
            throw .systemCall(name: "mkdirat", path: childPath, errno: errno.rawValue)
        }
        switch SystemCall.valueOrErrno({ openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }) {
        case let .success(fd): return FolderDescriptor(descriptor: fd, path: childPath)
        case .failure(.tooManySymbolicLinkLevels), .failure(.notDirectory): throw .linkInPath(path: childPath)
        case let .failure(errno): throw .systemCall(name: "openat", path: childPath, errno: errno.rawValue)
        }
    }

    /// Walks down `components`, each opened with `O_NOFOLLOW`; the folder itself when empty.
    func folder<Names: Sequence>(components: Names, create: Bool) throws(FilingError) -> FolderDescriptor
    where Names.Element: StringProtocol {
        var current = self
        for name in components { current = try current.folder(String(name), create: create) }
        return current
    }

    // MARK: Entries

    /// `fstatat(AT_SYMLINK_NOFOLLOW)`: what is under `name` itself; `nil` when nothing is.
    package func status(_ name: String) throws(FilingError) -> stat? {
        var status = stat()
        switch SystemCall.valueOrErrno({ fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) }) {
        case .success: return status
        case .failure(.noSuchFileOrDirectory), .failure(.notDirectory): return nil
        case let .failure(errno): throw .systemCall(name: "fstatat", path: path + "/" + name, errno: errno.rawValue)
        }
    }

    /// Opens `name` with `flags | O_NOFOLLOW | O_CLOEXEC`; returns the descriptor or the errno.
    /// The corresponding C call is `openat`.
    func openFile(_ name: String, flags: Int32, mode: mode_t = 0o644) -> Result<Int32, Errno> {
        SystemCall.valueOrErrno { openat(descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC, mode) }
    }

    /// Removes the entry `name` (a link is removed, never followed); a missing one is fine.
    /// The corresponding C call is `unlinkat`.
    package func remove(_ name: String) throws(FilingError) {
        switch SystemCall.valueOrErrno({ unlinkat(descriptor, name, 0) }) {
        case .success, .failure(.noSuchFileOrDirectory): return
        case let .failure(errno): throw .systemCall(name: "unlinkat", path: path + "/" + name, errno: errno.rawValue)
        }
    }

    /// Renames `source` to `destination` in this folder, replacing what is there (a link
    /// there is replaced, not followed). The corresponding C call is `renameat`.
    package func rename(_ source: String, to destination: String) throws(FilingError) {
        try FilingCall.run("renameat", path: path + "/" + destination) {
            renameat(descriptor, source, descriptor, destination)
        }
    }

    /// Moves `source` to `destination` in this folder only if `destination` does not exist.
    /// - Returns: `false` if `destination` exists (`EEXIST`); nothing was changed then.
    /// The corresponding C call is `renameat2(RENAME_NOREPLACE)`, or `linkat` + `unlinkat`
    /// where the filesystem lacks it.
    package func moveWithoutReplacing(_ source: String, to destination: String) throws(FilingError) -> Bool {
        let target = path + "/" + destination
        if let rename2 = FilingCall.renameNoReplace {
            switch try FilingCall.renamed(SystemCall.valueOrErrno { rename2(descriptor, source, descriptor, destination, FilingCall.renameNoReplaceFlag) },
                                          target) {
            case .replaced: return true
            case .present: return false
            case .unsupported: break
            }
        }
        if case let .failure(errno) = SystemCall.valueOrErrno({ linkat(descriptor, source, descriptor, destination, 0) }) {
            if errno == .fileExists { return false }
            throw .systemCall(name: "linkat", path: target, errno: errno.rawValue)
        }
        try remove(source)
        return true
    }

    /// Makes a symbolic link `name` holding `target`. The corresponding C call is `symlinkat`.
    func makeLink(_ name: String, to target: String) throws(FilingError) {
        try FilingCall.run("symlinkat", path: path + "/" + name) { symlinkat(target, descriptor, name) }
    }

    /// Flushes the folder's entries (a rename is durable only once its folder is flushed).
    package func sync() throws(FilingError) {
        try FilingCall.run("fsync", path: path) { fsync(descriptor) }
    }

    /// A new descriptor of the same folder, for `fdopendir` (which takes ownership of it).
    func duplicate() throws(FilingError) -> Int32 {
        try FilingCall.run("fcntl", path: path) { fcntl(descriptor, F_DUPFD_CLOEXEC, 0) }
    }
}

