import Glibc

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
        let fd = try SystemCall.run("open", path: path) { Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
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
        if create {
            while mkdirat(descriptor, name, 0o755) != 0 {
                let code = Glibc.errno
                if code == EINTR { continue }
                if code == EEXIST { break }
                if SystemCall.isNoSpace(code) { throw FileFiler.diskFull(root: path, path: childPath, errno: code) }
                throw .systemCall(name: "mkdirat", path: childPath, errno: code)
            }
        }
        while true {
            let fd = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 { return FolderDescriptor(descriptor: fd, path: childPath) }
            let code = Glibc.errno
            if code == EINTR { continue }
            if code == ELOOP || code == ENOTDIR { throw .linkInPath(path: childPath) }
            throw .systemCall(name: "openat", path: childPath, errno: code)
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
        while fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) != 0 {
            let code = Glibc.errno
            if code == EINTR { continue }
            if code == ENOENT || code == ENOTDIR { return nil }
            throw .systemCall(name: "fstatat", path: path + "/" + name, errno: code)
        }
        return status
    }

    /// Opens `name` with `flags | O_NOFOLLOW | O_CLOEXEC`; returns the descriptor or the errno.
    /// The corresponding C call is `openat`.
    func openFile(_ name: String, flags: Int32, mode: mode_t = 0o644) -> Result<Int32, Errno> {
        while true {
            let fd = openat(descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return .success(fd) }
            let code = Glibc.errno
            if code != EINTR { return .failure(Errno(code: code)) }
        }
    }

    /// Removes the entry `name` (a link is removed, never followed); a missing one is fine.
    /// The corresponding C call is `unlinkat`.
    package func remove(_ name: String) throws(FilingError) {
        while unlinkat(descriptor, name, 0) != 0 {
            let code = Glibc.errno
            if code == EINTR { continue }
            if code == ENOENT { return }
            throw .systemCall(name: "unlinkat", path: path + "/" + name, errno: code)
        }
    }

    /// Renames `source` to `destination` in this folder, replacing what is there (a link
    /// there is replaced, not followed). The corresponding C call is `renameat`.
    package func rename(_ source: String, to destination: String) throws(FilingError) {
        try SystemCall.run("renameat", path: path + "/" + destination) {
            renameat(descriptor, source, descriptor, destination)
        }
    }

    /// Moves `source` to `destination` in this folder only if `destination` does not exist.
    /// - Returns: `false` if `destination` exists (`EEXIST`); nothing was changed then.
    /// The corresponding C call is `renameat2(RENAME_NOREPLACE)`, or `linkat` + `unlinkat`
    /// where the filesystem lacks it.
    package func moveWithoutReplacing(_ source: String, to destination: String) throws(FilingError) -> Bool {
        let target = path + "/" + destination
        if let rename2 = SystemCall.renameNoReplace {
            while true {
                if rename2(descriptor, source, descriptor, destination, SystemCall.renameNoReplaceFlag) == 0 { return true }
                let code = Glibc.errno
                if code == EINTR { continue }
                if code == EEXIST { return false }
                // Filesystems without RENAME_NOREPLACE (some network and FUSE ones) say EINVAL;
                // old kernels say ENOSYS. Fall back to link + unlink, which never replaces either.
                if code == EINVAL || code == ENOSYS || code == EOPNOTSUPP { break }
                throw .systemCall(name: "renameat2", path: target, errno: code)
            }
        }
        while linkat(descriptor, source, descriptor, destination, 0) != 0 {
            let code = Glibc.errno
            if code == EINTR { continue }
            if code == EEXIST { return false }
            throw .systemCall(name: "linkat", path: target, errno: code)
        }
        try remove(source)
        return true
    }

    /// Makes a symbolic link `name` holding `target`. The corresponding C call is `symlinkat`.
    func makeLink(_ name: String, to target: String) throws(FilingError) {
        try SystemCall.run("symlinkat", path: path + "/" + name) { symlinkat(target, descriptor, name) }
    }

    /// Flushes the folder's entries (a rename is durable only once its folder is flushed).
    package func sync() throws(FilingError) {
        try SystemCall.run("fsync", path: path) { fsync(descriptor) }
    }

    /// A new descriptor of the same folder, for `fdopendir` (which takes ownership of it).
    func duplicate() throws(FilingError) -> Int32 {
        try SystemCall.run("fcntl", path: path) { fcntl(descriptor, F_DUPFD_CLOEXEC, 0) }
    }
}

/// An `errno` value out of a call that does not throw.
struct Errno: Error, Equatable {
    var code: Int32
}
