import CamschedScheduler
import Dispatch
import Foundation
import Synchronization

/// SIGINT and SIGTERM as a ``StopSignal`` for a command that does its work on the thread it was
/// called on (`snapshot`). The signals are taken by dispatch sources, as swift-service-lifecycle's
/// `UnixSignalsSequence` takes them for `run`, but handled on a dispatch queue instead of a task:
/// Swift's cooperative pool has one thread on a one-core board, and the command may hold it.
final class SignalStop: Sendable {
    let stop = StopSignal()
    /// Kept while the command runs: a source that is let go stops taking its signal. (Dispatch
    /// sources are not Sendable: held in a `Mutex`, they are only kept, never used again.)
    private let sources: Mutex<[any DispatchSourceSignal]>

    init() {
        let stop = self.stop
        let queue = DispatchQueue(label: "camsched.signals")
        sources = Mutex([(SIGINT, StopSignal.Reason.interrupt), (SIGTERM, .terminate)].map { number, reason in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { stop.request(reason) }
            source.resume()
            return source
        })
    }

    /// The exit code when a signal stopped the command (130, 143), nil otherwise.
    var exitCode: RunExitCode? { stop.signalExitCode }
}
