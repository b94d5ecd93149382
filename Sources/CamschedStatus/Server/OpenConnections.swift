import NIOCore
import Synchronization

/// The status server's open connections: what stopping asks to close after the answer in
/// progress (swift-nio's `ChannelShouldQuiesceEvent`, which Hummingbird's HTTP pipeline
/// honours, as Hummingbird's own graceful shutdown does), and the room for new clients.
///
/// At most `room` connections are kept: when one more opens, the connection that has waited
/// longest for a request (idle between requests, or still sending one, as a client that sends
/// a byte a second does) is closed to make room, as nginx reuses its idle and waiting
/// connections when it runs out. A connection being answered (``RequestPhaseHandler`` says
/// which) is never closed for room, so a new client is never turned away for slow or idle ones.
final class OpenConnections: Sendable {
    private struct Entry {
        var channel: any Channel
        /// A complete request of it is being answered.
        var answering = false
        /// Since when it waits for a request or the rest of one.
        var waitingSince: NIODeadline
        /// Closed to make room; no longer counted.
        var closing = false
    }

    private struct State {
        var quiescing = false
        var entries: [ObjectIdentifier: Entry] = [:]
    }

    private let state = Mutex(State())
    /// Connections kept open before the one waiting longest is closed for a new one.
    let room: Int

    init(room: Int) {
        self.room = max(1, room)
    }

    /// Tracks `channel` until it closes, closing the longest-waiting connection when there is no
    /// room; one that opens while stopping is asked to close at once.
    func add(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        let (quiescing, evicted) = state.withLock { state -> (Bool, (any Channel)?) in
            if state.quiescing { return (true, nil) }
            state.entries[id] = Entry(channel: channel, waitingSince: .now())
            return (false, Self.makeRoom(in: &state, room: room))
        }
        evicted?.close(promise: nil)
        if quiescing {
            Self.askToClose(channel)
        } else {
            channel.closeFuture.whenComplete { _ in _ = self.state.withLock { $0.entries.removeValue(forKey: id) } }
        }
    }

    /// Records whether a complete request of the connection is being answered; when it is not
    /// any more, it waits for the next request from now on.
    func setAnswering(_ id: ObjectIdentifier, _ answering: Bool) {
        state.withLock { state in
            guard state.entries[id] != nil else { return }
            state.entries[id]?.answering = answering
            if !answering { state.entries[id]?.waitingSince = .now() }
        }
    }

    /// Asks every open connection to close once its answer in progress is written.
    func quiesce() {
        let channels = state.withLock { state in
            state.quiescing = true
            return state.entries.values.map(\.channel)
        }
        for channel in channels { Self.askToClose(channel) }
    }

    /// Picks the connection to close when more than `room` are open: the one not being
    /// answered that has waited longest.
    private static func makeRoom(in state: inout State, room: Int) -> (any Channel)? {
        let open = state.entries.values.filter { !$0.closing }
        guard open.count > room else { return nil }
        let waiting = state.entries.filter { !$0.value.closing && !$0.value.answering }
        guard let oldest = waiting.min(by: { $0.value.waitingSince < $1.value.waitingSince }) else { return nil }
        state.entries[oldest.key]?.closing = true
        return oldest.value.channel
    }

    private static func askToClose(_ channel: any Channel) {
        channel.eventLoop.execute { channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent()) }
    }
}
