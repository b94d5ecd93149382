import CamschedCore
import Foundation
import Synchronization

/// Bounds a network operation in time: PostgreSQL slow or gone never holds up the caller for
/// longer than it allows.
///
/// The caller is answered at the deadline whatever the operation does: it is not awaited
/// (a connection stuck in a state that ignores cancellation would otherwise hold the caller
/// too); `onTimeout` closes its connection and it is cancelled, so it ends on its own soon.
enum FleetDeadline {
    /// Runs `body`; after `timeout`, calls `onTimeout` and throws ``FleetError/timedOut(url:seconds:)``.
    static func run<T: Sendable>(
        _ timeout: Duration, url: String, onTimeout: @escaping @Sendable () -> Void,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        let seconds = timeout.secondsValue
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                race.begin(continuation)
                let work = Task {
                    do { race.finish(.success(try await body())) } catch { race.finish(.failure(error)) }
                }
                race.onEnd { work.cancel() }
                let timer = Deadline.start(after: timeout) {
                    if race.finish(.failure(FleetError.timedOut(url: url, seconds: seconds))) { onTimeout() }
                }
                race.onEnd { timer.cancel() }
            }
        } onCancel: {
            if race.finish(.failure(CancellationError())) { onTimeout() }
        }
    }

    /// The first of the operation, the timer and cancellation to finish answers the caller.
    final class Race<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T, any Error>?
            var early: Result<T, any Error>?
            var done = false
            var onEnd: [@Sendable () -> Void] = []
        }

        private let state = Mutex(State())

        func begin(_ continuation: CheckedContinuation<T, any Error>) {
            let early: Result<T, any Error>? = state.withLock { state in
                if state.done { return state.early }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }

        func onEnd(_ action: @escaping @Sendable () -> Void) {
            let now = state.withLock { state in
                if state.done { return true }
                state.onEnd.append(action)
                return false
            }
            if now { action() }
        }

        /// Answers the caller unless someone did already; `true` when this call did.
        @discardableResult
        func finish(_ result: Result<T, any Error>) -> Bool {
            let (won, continuation, actions) = state.withLock { state -> (Bool, CheckedContinuation<T, any Error>?, [@Sendable () -> Void]) in
                guard !state.done else { return (false, nil, []) }
                state.done = true
                let continuation = state.continuation
                if continuation == nil { state.early = result }
                state.continuation = nil
                defer { state.onEnd = [] }
                return (true, continuation, state.onEnd)
            }
            continuation?.resume(with: result)
            actions.forEach { $0() }
            return won
        }
    }
}
