import Foundation
import Synchronization

/// Something that reacts to a run's events, in order, on the publishing thread. It must be
/// quick: slow work (hooks, network) is started from it, never waited for.
package protocol RunEventSubscriber: Sendable {
    func receive(_ event: TimedRunEvent)
}

/// Delivers each event of a run to every subscriber in publication order, and to any number of
/// async streams (for subscribers that live in Swift concurrency, such as a status page).
package final class RunEventBus: Sendable {
    private let subscribers: Mutex<[any RunEventSubscriber]>
    private let streams = Mutex<[AsyncStream<TimedRunEvent>.Continuation]>([])
    /// Serialises publication: events from the recording and finishing threads stay ordered.
    private let order = Mutex(())

    package init(_ subscribers: [any RunEventSubscriber] = []) {
        self.subscribers = Mutex(subscribers)
    }

    package func subscribe(_ subscriber: any RunEventSubscriber) {
        subscribers.withLock { $0.append(subscriber) }
    }

    /// The events published from now on; the stream ends after `done`. A slow reader loses the
    /// oldest events beyond 256, never delays capture.
    package func events() -> AsyncStream<TimedRunEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: TimedRunEvent.self, bufferingPolicy: .bufferingNewest(256))
        streams.withLock { $0.append(continuation) }
        return stream
    }

    package func publish(_ event: RunEvent, at time: Date = Date()) {
        let timed = TimedRunEvent(time: time, event: event)
        order.withLock { _ in
            for subscriber in subscribers.withLock({ $0 }) { subscriber.receive(timed) }
            for continuation in streams.withLock({ $0 }) {
                continuation.yield(timed)
                if case .done = event { continuation.finish() }
            }
        }
    }
}
