import CamschedCore
import Glibc
import SystemPackage

/// The system calls of this layer, on the one errno path (``SystemCall``): every failure
/// becomes ``FilingError/systemCall(name:path:errno:)`` with the call's name and path.
enum FilingCall {
    /// Runs `body`; a negative result throws.
    @discardableResult
    static func run<Value: FixedWidthInteger>(
        _ name: String, path: String, _ body: () -> Value
    ) throws(FilingError) -> Value {
        switch SystemCall.valueOrErrno(body) {
        case let .success(value): return value
        case let .failure(errno): throw .systemCall(name: name, path: path, errno: errno.rawValue)
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
            switch try renamed(SystemCall.valueOrErrno { rename2(AT_FDCWD, source, AT_FDCWD, destination, renameNoReplaceFlag) }, destination) {
            case .replaced: return true
            case .present: return false
            case .unsupported: break
            }
        }
        if case let .failure(errno) = SystemCall.valueOrErrno({ link(source, destination) }) {
            if errno == .fileExists { return false }
            throw .systemCall(name: "link", path: destination, errno: errno.rawValue)
        }
        try run("unlink", path: source) { unlink(source) }
        return true
    }

    /// What `renameat2(RENAME_NOREPLACE)` did.
    enum NoReplaceRename { case replaced, present, unsupported }

    /// The outcome of `renameat2(RENAME_NOREPLACE)`: done, `destination` there (`EEXIST`), or
    /// not offered by the filesystem — some network and FUSE ones say `EINVAL`, old kernels
    /// `ENOSYS` — for a fall-back to link + unlink, which never replaces either.
    static func renamed(_ result: Result<Int32, Errno>, _ destination: String) throws(FilingError) -> NoReplaceRename {
        switch result {
        case .success: return .replaced
        case .failure(.fileExists): return .present
        case .failure(.invalidArgument), .failure(.noFunction), .failure(.notSupported): return .unsupported
        case let .failure(errno): throw .systemCall(name: "renameat2", path: destination, errno: errno.rawValue)
        }
    }

    /// Writes all of `buffer` to `fd`: with `write` from the descriptor's position, or with
    /// `pwrite` from `offset` (into room allocated earlier). A full disk (`ENOSPC`, `EDQUOT`) is
    /// ``FilingError/diskFull(filesystem:freeBytes:path:errno:)`` for the filesystem of `root`.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String, root: String,
                         at offset: off_t? = nil) throws(FilingError) {
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let written = SystemCall.valueOrErrno {
                offset.map { pwrite(fd, base + done, buffer.count - done, $0 + off_t(done)) } ?? Glibc.write(fd, base + done, buffer.count - done)
            }
            switch written {
            case let .success(count): done += count
            case let .failure(errno) where isNoSpace(errno.rawValue):
                throw FileFiler.diskFull(root: root, path: path, errno: errno.rawValue)
            case let .failure(errno): throw .systemCall(name: offset == nil ? "write" : "pwrite", path: path, errno: errno.rawValue)
            }
        }
    }

    /// `fsync(fd)`, a full disk reported as in ``writeAll(_:_:path:root:at:)`` (a network or
    /// delayed-allocation filesystem may only find out here).
    static func sync(_ fd: Int32, path: String, root: String) throws(FilingError) {
        guard case let .failure(errno) = SystemCall.valueOrErrno({ fsync(fd) }) else { return }
        if isNoSpace(errno.rawValue) { throw FileFiler.diskFull(root: root, path: path, errno: errno.rawValue) }
        throw .systemCall(name: "fsync", path: path, errno: errno.rawValue)
    }

    /// Starts writing `fd`'s dirty pages and waits for them (`sync_file_range`), without a
    /// flush of the file's metadata: done for two files before either is flushed, so that on
    /// ext4 the first `fsync` commits both files' block allocations in one journal commit and
    /// the second finds nothing left to commit. Only a hint: the `fsync` that follows is what
    /// makes the file durable; a failure here is ignored.
    static func startWriteback(_ fd: Int32) {
        _ = writeBack(fd)
    }

    /// Writes `fd`'s dirty pages and waits until the device has them (`sync_file_range` with
    /// `WAIT_BEFORE | WRITE | WAIT_AFTER`): on ext4 their blocks are then allocated in the running
    /// journal transaction, and the next commit makes them durable (``OrderedJournal``).
    /// - Returns: whether every page was written (`false`: an I/O error, or no `sync_file_range`
    ///   — the caller then flushes the file with `fsync`, which reports the error).
    static func writeBack(_ fd: Int32) -> Bool {
        guard let syncFileRange else { return false }
        if case .success = SystemCall.valueOrErrno({ syncFileRange(fd, 0, 0, 1 | 2 | 4) }) { return true }
        return false
    }

    /// ``writeBack(_:)`` of the file at `path` (not following a link); nothing when it is not there.
    static func writeBack(path: String) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = writeBack(fd)
        close(fd)
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
