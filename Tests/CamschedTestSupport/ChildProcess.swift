import CamschedCore
import Dispatch
import Foundation
import Glibc
import Synchronization

/// A program a test started through ``ProcessRunner``, with the part of Foundation's `Process`
/// that tests use (so a test reads the same).
///
/// Not a `Process`: Foundation spawns with the calling thread's signal mask, and a test's thread
/// (one of Swift concurrency's, which libdispatch makes) blocks every asynchronous signal, so
/// each child ignored the SIGTERM that should end it. ``spawn(_:_:environment:currentDirectory:stdout:stderr:)``
/// starts it with none blocked. A thread of its own reaps it as soon as it ends, so its pid is
/// gone from `/proc` at once (a zombie would still look alive to camsched's liveness checks).
package final class ChildProcess: Sendable {
    package enum TerminationReason: Sendable, Equatable {
        case exit
        case uncaughtSignal
    }

    package let processIdentifier: Int32
    /// How it ended (the exit status or the signal), once reaped. Signals are sent under this
    /// lock while it is nil, so a reaped pid (perhaps another program's by now) is never signalled.
    private let ended = Mutex<(status: Int32, reason: TerminationReason)?>(nil)
    private let reaped = DispatchGroup()

    init(pid: Int32) {
        processIdentifier = pid
        reaped.enter()
        let reaper = Thread { [self] in reap() }
        reaper.name = "test child \(pid)"
        reaper.start()
    }

    package var isRunning: Bool { ended.withLock { $0 == nil } }

    /// The exit status, or the number of the signal that ended it; -1 while it runs.
    package var terminationStatus: Int32 { ended.withLock { $0?.status ?? -1 } }

    /// Whether it exited or a signal ended it (`exit` while it runs).
    package var terminationReason: TerminationReason { ended.withLock { $0?.reason ?? .exit } }

    /// Sends SIGTERM, unless it has ended.
    package func terminate() { send(SIGTERM) }

    /// Sends SIGINT, unless it has ended.
    package func interrupt() { send(SIGINT) }

    /// Sends `signal`, unless it has ended.
    package func send(_ signal: Int32) {
        ended.withLock { ended in
            if ended == nil { kill(processIdentifier, signal) }
        }
    }

    /// Waits until it has ended and been reaped.
    package func waitUntilExit() { reaped.wait() }

    /// Waits at most `seconds` for it to end; whether it did.
    package func waitUntilExit(seconds: Double) -> Bool { reaped.wait(timeout: .now() + seconds) == .success }

    /// Waits for the end without reaping (the pid stays the child's), records it, then reaps.
    private func reap() {
        var info = siginfo_t()
        _ = SystemCall.valueOrErrno { waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) }
        var status: Int32 = 0
        ended.withLock { ended in
            _ = SystemCall.valueOrErrno { waitpid(processIdentifier, &status, 0) }
            ended = status & 0x7f == 0 ? ((status >> 8) & 0xff, .exit) : (status & 0x7f, .uncaughtSignal)
        }
        reaped.leave()
    }
}
