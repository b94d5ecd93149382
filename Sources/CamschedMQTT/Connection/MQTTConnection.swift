import CamschedCore
import CMosquittoShim
import Foundation
import Logging
import Synchronization

/// One job's connection to its MQTT broker: a thread of its own connects (and reconnects,
/// backing off up to 5 s), sends the durable queue in order, the newest retained values and
/// the subscriptions, and announces `online` on the availability topic, whose last will is
/// `offline`. Publishing never waits for the broker or for SQLite: a run's events are handed
/// over and the capture goes on.
///
/// This is the API the Home Assistant discovery builds on: ``publish(topic:payload:retain:qos:)``
/// (durable, each message once), ``publishLatest(topic:payload:)`` (the newest value only),
/// ``subscribe(topic:handler:)`` and ``topics``.
package final class MQTTConnection: Sendable {
    package let settings: MQTTSettings
    let outbox: MQTTOutbox
    /// This connection in the queue's `sender` column: it sends the rows it queued, and those of
    /// connections that are gone, never those of another live one.
    let sender = MQTTQueueSender.opened()
    let logger: Logger
    let state = Mutex(MQTTConnectionState())
    let wake = DispatchSemaphore(value: 0)
    /// Opens at the broker's first answer to a login (or when the connection's thread ends).
    let answered = Latch()
    /// Opens when the connection's thread has ended.
    let ended = Latch()
    /// Messages handed to libmosquitto and not yet acknowledged, at most.
    static let window = 20

    /// The job's topics: prefix, node and job names.
    package var topics: MQTTTopics { settings.topics }

    /// Opens the job's queue under `root` (in memory when there is no root); call ``start()``.
    /// - Throws: ``MQTTError/library(_:)`` when libmosquitto cannot be loaded.
    package init(settings: MQTTSettings, root: URL?, logger: Logger) throws(MQTTError) {
        try MQTTLibrary.load()
        self.settings = settings
        self.logger = logger
        do { outbox = try MQTTOutbox(root: root, job: settings.topics.job) } catch {
            throw .call("opening the queue", "\(error)")
        }
        if root != nil, outbox.url == nil {
            logger.warning("MQTT: the queue cannot be kept under the output root; events wait in memory only")
        }
    }

    deinit { sender.close() }

    /// Starts the connection's thread.
    package func start() {
        let thread = Thread { [self] in supervise() }
        thread.name = "camsched-mqtt"
        thread.start()
    }

    /// Publishes a message through the durable queue: it is kept in SQLite until the broker
    /// acknowledged it, and sent once, in order, whenever the broker is reachable.
    package func publish(topic: String, payload: [UInt8], retain: Bool = false, qos: Int = 1) {
        state.withLock { $0.incoming.append(MQTTMessage(topic: topic, payload: payload, qos: min(max(qos, 0), 2), retain: retain)) }
        wake.signal()
    }

    /// Publishes the newest value of a topic, retained, QoS 1, kept in memory only: a newer
    /// value replaces an unsent older one, and every value is sent again on each connect.
    package func publishLatest(topic: String, payload: [UInt8]) {
        state.withLock { state in
            state.latest[topic] = payload
            state.unsentLatest.insert(topic)
        }
        wake.signal()
    }

    /// Calls `handler` with each message on `topic` (no wildcards; `retain` set for a message
    /// the broker had stored, delivered at each subscription), on libmosquitto's thread: it
    /// must be quick.
    package func subscribe(topic: String, handler: @escaping @Sendable (MQTTMessage) -> Void) {
        state.withLock { state in
            state.handlers[topic] = handler
            state.unsubscribed.insert(topic)
        }
        wake.signal()
    }

    /// Whether the broker accepted the connection and it is up.
    package var isConnected: Bool { state.withLock { $0.connected } }

    /// The broker's refusal of the login at the last attempt, nil while it was not refused.
    /// Waits up to `seconds` for the first attempt's answer: a run that ends at once learns it too.
    package func loginRefusal(waitingUpTo seconds: Double) -> MQTTLoginRefusal? {
        answered.wait(until: .now() + seconds)
        return state.withLock { $0.loginRefusal }
    }

    /// Sends what is queued, announces `offline` and disconnects, waiting at most `seconds` for
    /// the broker's acknowledgements (and up to 2 s more for the goodbye to be written); what is
    /// not acknowledged by then stays in the queue for the next connection.
    package func finish(within seconds: Double) async {
        state.withLock { $0.closing = true }
        wake.signal()
        await threadFinished(within: seconds)
        state.withLock { $0.abandoned = true }
        wake.signal()
        // The thread now says `offline` and disconnects without waiting for acknowledgements, or
        // (with no connection) says why it could not send; a connection being set up stops waiting.
        await threadFinished(within: 2)
        writeIncoming()
    }

    /// Waits until the connection's thread has ended, or `seconds` have passed.
    private func threadFinished(within seconds: Double) async {
        await ended.wait(seconds: seconds)
    }

    /// Keeps a small value in the queue's file, across processes (written off the caller's thread).
    func remember(_ value: String, for key: String) {
        state.withLock { $0.remembered[key] = value }
        wake.signal()
    }

    /// A value kept by ``remember(_:for:)``, in this process or an earlier one.
    func remembered(_ key: String) -> String? {
        state.withLock { $0.remembered[key] } ?? (try? outbox.value(key)) ?? nil
    }

    /// Writes the messages handed over since the last call to the outbox, in order.
    func writeIncoming() {
        let (messages, values) = state.withLock { state in
            defer { (state.incoming, state.remembered) = ([], [:]) }
            return (state.incoming, state.remembered)
        }
        do { for (key, value) in values { try outbox.setValue(value, for: key) } } catch {
            logger.error("MQTT: cannot write to the queue: \(error)")
        }
        do { try outbox.append(messages, sender: sender) } catch {
            logger.error("MQTT: cannot write \(messages.count) event(s) to the queue: \(error)")
        }
    }
}
