import Glibc

/// The one errno path for the system calls of this layer: retries `EINTR`, turns every
/// other failure into ``FilingError/systemCall(name:path:errno:)``.
enum SystemCall {
    /// Runs `body` until it does not fail with `EINTR`; a negative result throws.
    @discardableResult
    static func run<Result: BinaryInteger>(
        _ name: String, path: String, _ body: () -> Result
    ) throws(FilingError) -> Result {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = Glibc.errno
            if code == EINTR { continue }
            throw .systemCall(name: name, path: path, errno: code)
        }
    }

    /// `renameat2(…, RENAME_NOREPLACE)`, looked up at run time because Glibc's Swift module
    /// does not export it (it is behind `_GNU_SOURCE`). `nil` when libc lacks it.
    static let renameNoReplace: (@convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(
            symbol,
            to: (@convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32).self)
    }()

    /// `RENAME_NOREPLACE` from `<linux/fs.h>`.
    static let renameNoReplaceFlag: UInt32 = 1

    /// Moves `source` to `destination` only if `destination` does not exist.
    /// - Returns: `false` if `destination` exists (`EEXIST`); nothing was changed then.
    /// - Throws: ``FilingError`` for any other failure.
    static func moveWithoutReplacing(_ source: String, to destination: String) throws(FilingError) -> Bool {
        if let rename2 = renameNoReplace {
            while true {
                if rename2(AT_FDCWD, source, AT_FDCWD, destination, renameNoReplaceFlag) == 0 { return true }
                let code = Glibc.errno
                if code == EINTR { continue }
                if code == EEXIST { return false }
                // Filesystems without RENAME_NOREPLACE (some network and FUSE ones) say EINVAL;
                // old kernels say ENOSYS. Fall back to link + unlink, which never replaces either.
                if code == EINVAL || code == ENOSYS || code == EOPNOTSUPP { break }
                throw .systemCall(name: "renameat2", path: destination, errno: code)
            }
        }
        while true {
            if link(source, destination) == 0 { break }
            let code = Glibc.errno
            if code == EINTR { continue }
            if code == EEXIST { return false }
            throw .systemCall(name: "link", path: destination, errno: code)
        }
        try run("unlink", path: source) { unlink(source) }
        return true
    }

    /// Writes all of `buffer` to `fd`: with `write` from the descriptor's position, or with
    /// `pwrite` from `offset` (into room allocated earlier). A full disk (`ENOSPC`, `EDQUOT`) is
    /// ``FilingError/diskFull(filesystem:freeBytes:path:errno:)`` for the filesystem of `root`.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String, root: String,
                         at offset: off_t? = nil) throws(FilingError) {
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let written = offset.map { pwrite(fd, base + done, buffer.count - done, $0 + off_t(done)) }
                ?? Glibc.write(fd, base + done, buffer.count - done)
            if written < 0 {
                let code = Glibc.errno
                if code == EINTR { continue }
                if isNoSpace(code) { throw FileFiler.diskFull(root: root, path: path, errno: code) }
                throw .systemCall(name: offset == nil ? "write" : "pwrite", path: path, errno: code)
            }
            done += written
        }
    }

    /// `fsync(fd)`, a full disk reported as in ``writeAll(_:_:path:root:at:)`` (a network or
    /// delayed-allocation filesystem may only find out here).
    static func sync(_ fd: Int32, path: String, root: String) throws(FilingError) {
        while fsync(fd) != 0 {
            let code = Glibc.errno
            if code == EINTR { continue }
            if isNoSpace(code) { throw FileFiler.diskFull(root: root, path: path, errno: code) }
            throw .systemCall(name: "fsync", path: path, errno: code)
        }
    }

    /// Starts writing `fd`'s dirty pages and waits for them (`sync_file_range`), without a
    /// flush of the file's metadata: done for two files before either is flushed, so that on
    /// ext4 the first `fsync` commits both files' block allocations in one journal commit and
    /// the second finds nothing left to commit. Only a hint: the `fsync` that follows is what
    /// makes the file durable; a failure here is ignored.
    static func startWriteback(_ fd: Int32) {
        _ = syncFileRange?(fd, 0, 0, 1 | 2 | 4)  // SYNC_FILE_RANGE_WAIT_BEFORE | WRITE | WAIT_AFTER
    }

    /// `sync_file_range`, looked up at run time: Glibc's Swift module does not export it (it is
    /// behind `_GNU_SOURCE`). `nil` when libc lacks it.
    private static let syncFileRange: (@convention(c) (Int32, off_t, off_t, UInt32) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range")
            .map { unsafeBitCast($0, to: (@convention(c) (Int32, off_t, off_t, UInt32) -> Int32).self) }

    /// Flushes a folder's entries (a rename is durable only once its folder is flushed).
    static func syncFolder(_ path: String) throws(FilingError) {
        let fd = try run("open", path: path) { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { close(fd) }
        try run("fsync", path: path) { fsync(fd) }
    }

    /// Creates `path` and its missing parents (mode 0755 before umask).
    static func makeFolders(_ path: String) throws(FilingError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) == 0 { continue }
            let code = Glibc.errno
            if code == EEXIST {
                var status = stat()
                if stat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { continue }
                throw .systemCall(name: "mkdir", path: current, errno: ENOTDIR)
            }
            throw .systemCall(name: "mkdir", path: current, errno: code)
        }
    }

    /// `stat`, or `nil` when the path does not exist.
    static func status(_ path: String) throws(FilingError) -> stat? {
        var status = stat()
        if stat(path, &status) == 0 { return status }
        let code = Glibc.errno
        if code == ENOENT || code == ENOTDIR { return nil }
        throw .systemCall(name: "stat", path: path, errno: code)
    }

    /// Removes a file; a missing file is not an error.
    static func removeIfPresent(_ path: String) throws(FilingError) {
        if unlink(path) == 0 { return }
        let code = Glibc.errno
        if code == ENOENT { return }
        throw .systemCall(name: "unlink", path: path, errno: code)
    }

    /// Whether an errno means "no space": `ENOSPC` or `EDQUOT`.
    static func isNoSpace(_ code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }
}
