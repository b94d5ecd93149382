import Dispatch
import Synchronization

/// Waits, on no thread of its own, until a connection is pending on the status server's
/// listening socket, or until the server is stopped first: a libdispatch read source (the
/// dispatch event loop that already serves Swift concurrency's timers watches the socket).
///
/// This is what keeps an idle `--listen` cheap: swift-nio's event loop thread, Hummingbird's
/// router and their code are brought in by the first connection, not at start.
final class PendingConnection: Sendable {
    enum Outcome: Sendable, Equatable {
        case connection
        case stopped
    }

    private struct State {
        var outcome: Outcome?
        /// The source's cancel handler ran: libdispatch no longer watches the descriptor.
        var released = false
        var waiter: CheckedContinuation<Outcome, Never>?
        /// The read source (not Sendable in swift-corelibs-libdispatch: kept here, used under the lock).
        var source: (any DispatchSourceRead)?
    }

    private let state = Mutex(State())

    init(descriptor: CInt) {
        // Made and activated under the lock: its first event (which cancels it) finds it kept.
        state.withLock { state in
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global(qos: .utility))
            // The handlers hold self until the cancel handler has run; libdispatch frees them then.
            source.setEventHandler { self.decide(.connection) }
            source.setCancelHandler { self.release() }
            source.activate()
            state.source = source
        }
    }

    /// Stops waiting (the server ends before anyone connected).
    func stop() {
        decide(.stopped)
    }

    /// The first of a pending connection and ``stop()``, once libdispatch has let go of the
    /// descriptor (so swift-nio can take it over).
    func wait() async -> Outcome {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Outcome? in
                if state.released { return state.outcome }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func decide(_ outcome: Outcome) {
        state.withLock { state in
            guard state.outcome == nil else { return }
            state.outcome = outcome
            // Cancelling only schedules the cancel handler (on libdispatch's queue, which takes
            // the lock itself later): safe under the lock.
            state.source?.cancel()
        }
    }

    private func release() {
        let (outcome, waiter) = state.withLock { state in
            state.released = true
            defer { state.waiter = nil }
            return (state.outcome ?? .stopped, state.waiter)
        }
        waiter?.resume(returning: outcome)
    }
}
