import Foundation
import Glibc
import Synchronization

/// stdout or stderr as camsched writes to them: output that nobody reads any more never stops
/// the process (see Documentation/resilience.md, "Output nobody reads").
///
/// A write that fails with anything but `EINTR` — `EPIPE` (the reader exited; SIGPIPE is
/// ignored process-wide, see ``ignoreBrokenPipes()``), `EBADF` (started with `>&-`), `EIO` (the
/// terminal hung up) — closes the stream for camsched: later writes are dropped silently and
/// capture goes on. Foundation's `FileHandle.write(_:)` traps on those errors instead.
/// Each message is written under a lock, so lines from several threads never interleave.
public final class StandardStream: Sendable {
    /// File descriptor 1.
    public static let output = StandardStream(descriptor: STDOUT_FILENO)
    /// File descriptor 2.
    public static let error = StandardStream(descriptor: STDERR_FILENO)

    /// How long a write waits for a non-blocking descriptor to take more bytes before the rest
    /// of that message is dropped (the stream stays open for the next one).
    static let stallLimitMilliseconds: Int32 = 1_000

    private let descriptor: Int32
    /// Whether writing has stopped for good (the reader is gone or the descriptor is closed).
    private let stopped = Mutex(false)

    /// A stream over `descriptor` (tests pass a pipe's end).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether an earlier write found the reader gone; later writes are dropped.
    public var isStopped: Bool { stopped.withLock { $0 } }

    /// Writes `text` whole, or what can be written of it; never throws, never traps.
    public func write(_ text: String) {
        guard !text.isEmpty else { return }
        var bytes = Array(text.utf8)
        stopped.withLock { stopped in
            guard !stopped else { return }
            stopped = !bytes.withUnsafeMutableBytes { writeAll($0) }
        }
    }

    /// Ignores SIGPIPE for the whole process, so a reader that exits turns a write into `EPIPE`
    /// (handled above) instead of killing the recording with exit 141. Children (hooks) get
    /// the default disposition back when they start.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Opens `/dev/null` on stdin, stdout and stderr where they are closed (`>&- 2>&-`), before
    /// camsched opens anything: otherwise the first file it opens — a catalog, a lock, a video —
    /// would get descriptor 1 or 2, and log lines and JSON would be written into it.
    public static func reserveClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open returns the lowest free descriptor: this one.
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor { close(opened) }
        }
    }

    /// `false` when the stream must stop: the reader is gone or the descriptor unusable.
    private func writeAll(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
            if written > 0 {
                offset += written
                continue
            }
            let code = written < 0 ? errno : EIO
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                // A non-blocking descriptor that is full: wait a little, then give up on this message only.
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&poller, 1, Self.stallLimitMilliseconds) > 0, poller.revents & Int16(POLLOUT) != 0 { continue }
                return poller.revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0
            }
            return false
        }
        return true
    }
}
