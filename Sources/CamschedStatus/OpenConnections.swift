import NIOCore
import Synchronization

/// The status server's open connections, so that stopping can ask each one to close after its
/// answer in progress (swift-nio's `ChannelShouldQuiesceEvent`, which Hummingbird's HTTP
/// pipeline honours), as Hummingbird's own graceful shutdown does.
final class OpenConnections: Sendable {
    private let state = Mutex<(quiescing: Bool, channels: [ObjectIdentifier: any Channel])>((false, [:]))

    /// Tracks `channel` until it closes; one that opens while stopping is asked to close at once.
    func add(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        let quiescing = state.withLock { state in
            if !state.quiescing { state.channels[id] = channel }
            return state.quiescing
        }
        if quiescing {
            Self.askToClose(channel)
        } else {
            channel.closeFuture.whenComplete { _ in _ = self.state.withLock { $0.channels.removeValue(forKey: id) } }
        }
    }

    /// Asks every open connection to close once its answer in progress is written.
    func quiesce() {
        let channels = state.withLock { state in
            state.quiescing = true
            return Array(state.channels.values)
        }
        for channel in channels { Self.askToClose(channel) }
    }

    private static func askToClose(_ channel: any Channel) {
        channel.eventLoop.execute { channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent()) }
    }
}
