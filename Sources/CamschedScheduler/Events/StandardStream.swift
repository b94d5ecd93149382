import CamschedCore
import Foundation
import Glibc
import Synchronization

/// stdout or stderr as camsched writes to them: output that nobody reads any more never stops
/// or delays the process (see Documentation/resilience.md, "output nobody reads").
///
/// - A write that fails with anything but an interruption or `EAGAIN` — `EPIPE` (the reader exited;
///   SIGPIPE is ignored process-wide, see ``ignoreBrokenPipes()``), `EBADF`, `EIO` (the terminal
///   hung up) — stops the stream for good: later writes are dropped and capture goes on.
///   Foundation's `FileHandle.write(_:)` traps on those errors instead.
/// - A reader that stays but does not read (a full pipe): the message waits at most
///   ``stallLimitMilliseconds`` for room, then it and every later message that finds no room at
///   once are dropped, until the reader takes bytes again — a capture thread that logs or
///   publishes an event is never held up longer than that, once.
///
/// Each message is written under a lock, so lines from several threads never interleave.
///
/// Commands whose only product is their output (`plan`, `validate`, `devices`) call
/// ``waitForReader()`` and end with ``lostOutput``: nothing is dropped for a slow reader, and a
/// write error shows in their exit code.
package final class StandardStream: Sendable {
    /// File descriptor 1.
    package static let output = StandardStream(descriptor: STDOUT_FILENO)
    /// File descriptor 2.
    package static let error = StandardStream(descriptor: STDERR_FILENO)

    /// How long a message waits for room in a full pipe (or terminal) before it is dropped.
    static let stallLimitMilliseconds: Int32 = 100
    /// Bytes written per `write`: a pipe that polls writable has room for this many at once.
    static let chunkBytes = Int(PIPE_BUF)

    private struct State {
        /// Writing has stopped for good (the reader is gone or the descriptor is unusable).
        var stopped = false
        /// The last message found no room in time: the next ones do not wait.
        var stalled = false
        /// Messages dropped because the reader did not read.
        var dropped = 0
        /// The `errno` that stopped writing (0 while writing goes on).
        var failure: Int32 = 0
        /// A full pipe makes a message wait for the reader as long as it takes (``waitForReader()``).
        var waitsForReader = false
    }

    private enum Outcome { case written, stalled, broken(Int32) }

    private let descriptor: Int32
    private let state = Mutex(State())

    /// A stream over `descriptor` (tests pass a pipe's end).
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether an earlier write found the reader gone; later writes are dropped.
    package var isStopped: Bool { state.withLock { $0.stopped } }

    /// Messages dropped so far because the reader did not take them in time.
    package var droppedMessages: Int { state.withLock { $0.dropped } }

    /// Makes every later message wait for room as long as the reader takes, instead of being
    /// dropped after ``stallLimitMilliseconds``: for a command whose output is all it makes.
    package func waitForReader() {
        state.withLock { $0.waitsForReader = true }
    }

    /// Why some output was lost, if it was: the write error that stopped the stream (`ENOSPC`,
    /// `EIO`, `EBADF`, …), or messages dropped for a reader that did not read. `EPIPE` is not a
    /// loss: the reader chose to stop reading (`plan | head -n 1`).
    package var lostOutput: String? {
        state.withLock { state in
            if state.stopped, state.failure != EPIPE { return String(cString: strerror(state.failure)) }
            if state.dropped > 0 { return "\(state.dropped) message(s) dropped, the reader did not read them" }
            return nil
        }
    }

    /// Writes `text` whole, or drops it (see the type's description); never throws, never traps.
    package func write(_ text: String) {
        guard !text.isEmpty else { return }
        var bytes = Array(text.utf8)
        state.withLock { state in
            guard !state.stopped else { return }
            let patience: Int32 = state.waitsForReader ? -1 : state.stalled ? 0 : Self.stallLimitMilliseconds
            switch bytes.withUnsafeMutableBytes({ writeAll($0, patience: patience) }) {
            case .written: state.stalled = false
            case .stalled:
                state.stalled = true
                state.dropped += 1
            case .broken(let code):
                state.stopped = true
                state.failure = code
            }
        }
    }

    /// Ignores SIGPIPE for the whole process, so a reader that exits turns a write into `EPIPE`
    /// (handled above) instead of killing the recording with exit 141. Children (hooks) get
    /// the default disposition back when they start.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Opens `/dev/null` on stdin, stdout and stderr where they are closed (`>&- 2>&-`), before
    /// camsched opens anything: otherwise the first file it opens — a catalog, a lock, a video —
    /// would get descriptor 1 or 2, and log lines and JSON would be written into it.
    package static func reserveClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open returns the lowest free descriptor: this one.
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor { close(opened) }
        }
    }

    /// Writes in chunks of at most `PIPE_BUF` bytes, each after `poll` says there is room, so
    /// that a blocking descriptor never blocks: a pipe that polls writable takes such a chunk whole.
    private func writeAll(_ buffer: UnsafeMutableRawBufferPointer, patience: Int32) -> Outcome {
        guard let base = buffer.baseAddress else { return .written }
        var offset = 0
        while offset < buffer.count {
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let polled = SystemCall.valueOrErrno { poll(&poller, 1, patience) }
            guard case let .success(ready) = polled else { return .broken(polled.errnoCode) }
            if ready == 0 { return .stalled }
            if poller.revents & Int16(POLLNVAL) != 0 { return .broken(EBADF) }
            // POLLERR/POLLHUP: the write below reports why (EPIPE, EIO).
            let written = SystemCall.valueOrErrno { Glibc.write(descriptor, base + offset, min(Self.chunkBytes, buffer.count - offset)) }
            switch written {
            case let .success(count) where count > 0: offset += count
            case .success: return .broken(EIO)
            case let .failure(errno) where SystemCall.isWouldBlock(errno): continue
            case let .failure(errno): return .broken(errno.rawValue)
            }
        }
        return .written
    }
}
