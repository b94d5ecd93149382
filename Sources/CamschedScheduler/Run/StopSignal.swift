import Synchronization

/// Why a run is asked to stop early; shared by the signal watcher and the capture loops.
package final class StopSignal: Sendable {
    package enum Reason: Sendable, Equatable {
        case interrupt   // SIGINT → 130
        case terminate   // SIGTERM → 143
        case hangUp      // SIGHUP to `run` (the terminal or ssh session went away) → 129
        case shutdown(String) // pressure at shutdown, fatal errors → 1
    }

    private let state = Mutex<Reason?>(nil)

    package init() {}

    /// Asks the run to stop; the first reason wins.
    package func request(_ reason: Reason) {
        state.withLock { if $0 == nil { $0 = reason } }
    }

    package var reason: Reason? { state.withLock { $0 } }
    package var isRequested: Bool { reason != nil }

    /// The exit code for a stop by signal, nil otherwise.
    package var signalExitCode: RunExitCode? {
        switch reason {
        case .interrupt: return .interrupted
        case .terminate: return .terminated
        case .hangUp: return .hungUp
        default: return nil
        }
    }
}
