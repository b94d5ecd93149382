import Synchronization

/// The device's lock: one ioctl sequence at a time (libv4l2's format conversion needs `QBUF`
/// serialised against `DQBUF`).
final class V4L2Lock: Sendable {
    private let mutex = Mutex(())

    /// Runs `body` while holding the lock.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try mutex.withLock { (_: inout ()) throws(Failure) -> Result in try body() }
    }
}
