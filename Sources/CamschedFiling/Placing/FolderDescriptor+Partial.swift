import CamschedCore
import SystemPackage
import Glibc

extension FolderDescriptor {
    /// Creates the partial file `FINAL.partial` for `finalName`, new (`O_CREAT | O_EXCL |
    /// O_NOFOLLOW`, mode 0644), and marks it as camsched's (``PartialMarker``): with the
    /// attribute, or — where the filesystem keeps none, as `root` remembers — by the name
    /// `.camsched-FINAL.partial`.
    /// - Returns: the descriptor and the name; `nil` when the name is taken (whatever is
    ///   there, a planted link included, is not touched).
    /// - Throws: ``FilingError`` for any other failure (`errno` of `openat`).
    func createMarkedPartial(for finalName: String, run: String, root: OutputRoot?) throws(FilingError) -> (Int32, String)? {
        var markedByName = root?.attributesUnsupported.load(ordering: .relaxed) ?? false
        while true {
            let name = (markedByName ? PartialMarker.namePrefix : "") + finalName + ".partial"
            let fd: Int32
            switch openFile(name, flags: O_RDWR | O_CREAT | O_EXCL, mode: 0o644) {
            case .success(let opened): fd = opened
            case .failure(let error) where error.rawValue == EEXIST: return nil
            case .failure(let error):
                let target = path + "/" + name
                if FilingCall.isNoSpace(error.rawValue) { throw FileFiler.diskFull(root: path, path: target, errno: error.rawValue) }
                throw .systemCall(name: "openat", path: target, errno: error.rawValue)
            }
            if markedByName || PartialMarker.mark(fd, run: run) { return (fd, name) }
            // No user attributes here: mark by name, and remember that for the root.
            root?.attributesUnsupported.store(true, ordering: .relaxed)
            try? remove(name)
            close(fd)
            markedByName = true
        }
    }

    /// The owner a file created in this folder gets (see ``OutputRoot/ownerOfNewFiles``);
    /// `nil` when no file can be created here. The corresponding C calls are `openat(O_EXCL)`,
    /// `fstat` and `unlinkat`.
    func probeOwnerOfNewFiles() -> uid_t? {
        let name = ".camsched-owner-probe-\(getpid())"
        guard case .success(let fd) = openFile(name, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600) else { return nil }
        defer {
            close(fd)
            try? remove(name)
        }
        var status = stat()
        return fstat(fd, &status) == 0 ? status.st_uid : nil
    }

    /// Removes the stale partial file `name` if it is camsched's (``PartialMarker``, owned by
    /// `owner`) and no
    /// process holds its lock. A link, another user's file or one in use is left alone.
    /// - Returns: `nil` when it was removed (or is gone), else why it was left.
    func removeStalePartial(_ name: String, owner: uid_t) -> String? {
        let fd: Int32
        switch openFile(name, flags: O_RDONLY | O_NONBLOCK) {
        case .success(let opened): fd = opened
        case .failure(let error) where error.rawValue == ENOENT: return nil
        case .failure(let error) where error.rawValue == ELOOP: return "a symbolic link"
        case .failure(let error): return String(cString: strerror(error.rawValue))
        }
        defer { close(fd) }
        if let reason = PartialMarker.reasonNotOurs(fd: fd, name: name, owner: owner) { return reason }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return "in use by another process" }
        return (try? remove(name)) == nil ? "cannot be removed" : nil
    }
}
