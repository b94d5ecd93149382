import Dispatch
import Synchronization

/// Waits, on no thread of its own, until a connection is pending on the status server's
/// listening socket, or until the server is stopped first: a libdispatch read source (the
/// dispatch event loop that already serves Swift concurrency's timers watches the socket).
///
/// This is what keeps an idle `--listen` cheap: swift-nio's event loop thread, Hummingbird's
/// router and their code are brought in by the first connection, not at start.
/// Unchecked: `source` (a Dispatch source, not Sendable in swift-corelibs-libdispatch) is set
/// once in init and only cancelled, which is thread-safe; everything else is in `state`.
final class PendingConnection: @unchecked Sendable {
    enum Outcome: Sendable, Equatable {
        case connection
        case stopped
    }

    private struct State {
        var outcome: Outcome?
        /// The source's cancel handler ran: libdispatch no longer watches the descriptor.
        var released = false
        var waiter: CheckedContinuation<Outcome, Never>?
    }

    private let state = Mutex(State())
    private let source: any DispatchSourceRead

    init(descriptor: CInt) {
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global(qos: .utility))
        // The handlers hold self until the cancel handler has run; libdispatch frees them then.
        source.setEventHandler { self.decide(.connection) }
        source.setCancelHandler { self.release() }
        source.activate()
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
        let first = state.withLock { state in
            guard state.outcome == nil else { return false }
            state.outcome = outcome
            return true
        }
        if first { source.cancel() }
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
