#if canImport(Glibc)
import Glibc
#endif

/// Tells a process waiting for a camera lock when the lock's holder may have let go: inotify
/// reports every close of the lock file (a holder's release closes it, and so does its death),
/// so the waiter tries the lock again at once instead of polling it.
///
/// A close that was not the holder's (another waiter giving up) only makes the waiter try once
/// more. Without inotify (the user's instances used up) the waits are bounded by their timeout
/// alone.
final class LockFileWatch {
    /// The inotify instance, -1 without one.
    private let descriptor: Int32

    /// Watches the lock file open as `file` for closes (the file itself, through its descriptor:
    /// never a path that could have been replaced since).
    init(file: Int32) {
        var instance = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        if instance >= 0, inotify_add_watch(instance, "/proc/self/fd/\(file)", UInt32(IN_CLOSE_WRITE | IN_CLOSE_NOWRITE)) < 0 {
            Glibc.close(instance)
            instance = -1
        }
        descriptor = instance
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// Returns when the lock file was closed since the last call, or after `milliseconds`
    /// (the caller's deadline for checking whether it was asked to stop); an interrupted wait
    /// returns early, and the caller asks again.
    func waitForClose(milliseconds: Int32) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, descriptor >= 0 ? 1 : 0, milliseconds) > 0 else { return }
        // Drain the events: one try of the lock answers them all.
        var events = [UInt8](repeating: 0, count: 1024)
        while read(descriptor, &events, events.count) > 0 {}
    }
}
