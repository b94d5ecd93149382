import HummingbirdCore
import Synchronization

/// An accepted connection on its way from swift-nio's server channel to the task that answers
/// it. swift-nio stops with a precondition failure when a connection's writer is dropped
/// unfinished, which is what happens to a connection still queued in the server channel's
/// inbound stream when that stream ends (the server stopping just as someone connects). Held in
/// here, a connection nobody took is closed the scoped way (`executeThenClose` with nothing to
/// do) instead.
final class AcceptedConnection: Sendable {
    private let connection: Mutex<HTTP1Channel.Value?>

    init(_ connection: HTTP1Channel.Value) {
        self.connection = Mutex(connection)
    }

    /// The connection, to the one task that answers it (nil when already taken).
    func take() -> HTTP1Channel.Value? {
        connection.withLock { $0.take() }
    }

    deinit {
        guard let left = take() else { return }
        Task { try? await left.executeThenClose { _, _ in } }
    }
}
