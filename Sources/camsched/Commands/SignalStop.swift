import CamschedScheduler
import Dispatch
import Foundation

/// SIGINT and SIGTERM as a ``StopSignal`` for a command that does its work on the thread it was
/// called on (`snapshot`). The signals are taken by dispatch sources, as swift-service-lifecycle's
/// `UnixSignalsSequence` takes them for `run`, but handled on a dispatch queue instead of a task:
/// Swift's cooperative pool has one thread on a one-core board, and the command may hold it.
/// Unchecked: `sources` is set in `init` and only kept; the stop is Sendable.
final class SignalStop: @unchecked Sendable {
    let stop = StopSignal()
    /// Kept while the command runs: a source that is let go stops taking its signal.
    private let sources: [any DispatchSourceSignal]

    init() {
        let stop = self.stop
        let queue = DispatchQueue(label: "camsched.signals")
        sources = [(SIGINT, StopSignal.Reason.interrupt), (SIGTERM, .terminate)].map { number, reason in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { stop.request(reason) }
            source.resume()
            return source
        }
    }

    /// The exit code when a signal stopped the command (130, 143), nil otherwise.
    var exitCode: RunExitCode? { stop.signalExitCode }
}
