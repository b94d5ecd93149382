import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on one camera between camsched processes, keyed by the camera's stable
/// identity (so `/dev/video0` and its by-id link are the same lock).
///
/// A `flock` on a file in the lock directory: released by the kernel when the process
/// dies, so a SIGKILLed run never leaves a stale lock. The file holds the holder's pid and
/// command line for messages. The folder and the file are opened without following links
/// (see ``CameraLockDirectory``), so a link planted there is never written through.
package final class CameraLock: Sendable {
    /// What to do when another process holds the lock.
    package enum Policy: String, Sendable, CaseIterable {
        case wait, fail, skip
    }

    package enum Outcome: Sendable, Equatable {
        case acquired
        /// Held by another process; `holder` describes it.
        case held(holder: String?)
    }

    private let fd: Int32
    package let path: String
    /// Set by the first ``release()``: a second one (another thread, `deinit`) does nothing.
    private let released = Atomic(false)

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { release() }

    /// The directory for lock files: `$CAMSCHED_LOCK_DIR`, else `/run/lock/camsched` when
    /// `/run/lock` is writable, else the system temporary directory. The folder actually
    /// used may be a private fallback when this one is refused (a link, another user's).
    package static func directory() -> String {
        if let dir = ProcessInfo.processInfo.environment["CAMSCHED_LOCK_DIR"], !dir.isEmpty { return dir }
        if access("/run/lock", W_OK) == 0 { return "/run/lock/camsched" }
        return NSTemporaryDirectory() + "camsched-locks"
    }

    /// Takes the lock for `key`. With `.wait` blocks until it is free — woken when the lock
    /// file is closed (``LockFileWatch``: the holder let go or died), and checking `cancelled`
    /// every 100 ms —, calling `waiting` once, at the first refusal, with the holder; with
    /// `.fail`/`.skip` returns `.held` at once.
    /// - Parameter job: the job that holds the lock once taken, for the messages of other
    ///   processes that find it held.
    package static func acquire(key: String, policy: Policy, job: String? = nil, cancelled: @Sendable () -> Bool = { false },
                               waiting: (_ holder: String?) -> Void = { _ in }) -> (CameraLock?, Outcome) {
        let safe = key.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }
        // Cannot lock (read-only fs, no usable folder): run unlocked rather than never.
        guard let (fd, path) = CameraLockDirectory.openLockFile(named: String(safe) + ".lock") else { return (nil, .acquired) }
        var watch: LockFileWatch?
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                let lock = CameraLock(fd: fd, path: path)
                lock.writeHolder(job: job)
                return (lock, .acquired)
            }
            let holder = readHolder(fd: fd)
            if policy != .wait || cancelled() {
                Glibc.close(fd)
                return (nil, .held(holder: holder))
            }
            guard let watch else {
                // Watched before the next try, so that a release in between is not missed.
                watch = LockFileWatch(file: fd)
                waiting(holder)
                continue
            }
            watch.waitForClose(milliseconds: 100)
        }
    }

    /// `pid N, job NAME: COMMAND LINE`: what another process that finds the camera held names.
    private func writeHolder(job: String?) {
        let text = "pid \(getpid())\(job.map { ", job \($0)" } ?? ""): \(CommandLine.arguments.joined(separator: " "))\n"
        ftruncate(fd, 0)
        _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    private static func readHolder(fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Releases the lock (also done in `deinit`).
    package func release() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        flock(fd, LOCK_UN)
        Glibc.close(fd)
    }
}
