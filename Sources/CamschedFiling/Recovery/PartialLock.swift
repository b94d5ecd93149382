import Glibc

/// The `flock` convention on `*.partial` files: whoever writes one holds `LOCK_EX` on it.
enum PartialLock {
    /// Whether a process holds the partial file's lock now. A link or an unreadable file
    /// counts as not in use.
    static func isInUse(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    /// Opens a partial file and takes its lock without waiting; `nil` if another process
    /// holds it (or it is gone). The caller owns the descriptor.
    static func acquire(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return fd }
        close(fd)
        return nil
    }
}
