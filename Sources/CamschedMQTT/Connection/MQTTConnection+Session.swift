import CamschedCore
import CMosquittoShim
import Foundation

/// The connection's thread: connect, send, and after a lost connection start over with a new
/// client (its unacknowledged messages are sent again from the outbox, so nothing is sent
/// twice by libmosquitto's own retries and nothing is lost).
extension MQTTConnection {
    func supervise() {
        // A broker that is away is tried again soon; a refused login, which only a new login
        // fixes, seldom.
        var away = Backoff(first: .milliseconds(500), longest: .seconds(5))
        var refusedAgain = Backoff(first: .milliseconds(500), longest: .seconds(Self.refusedRetry))
        var reportedDown = false
        while !state.withLock({ $0.abandoned }) {
            writeIncoming()
            do {
                let client = try connect()
                let wasRefused = state.withLock { state in
                    defer { state.loginRefusal = nil }
                    return state.loginRefusal != nil
                }
                answered.open()
                if reportedDown || wasRefused { logger.notice("MQTT: connected to \(settings.spec.broker) again") }
                reportedDown = false
                away.reset()
                refusedAgain.reset()
                let closed = session(client)
                // After a clean disconnect the loop ends once the DISCONNECT is written.
                cm_loop_stop(client.pointer, !closed)
                if closed { break }
            } catch {
                if case let .loginRefused(refusal) = error {
                    // The same login would be refused again: a run that ends does not wait for it.
                    guard refused(refusal) else { break }
                    pauseAfterRefusal(refusedAgain.nextSeconds())
                    continue
                }
                answered.open()
                if !reportedDown { logger.warning("\(error); events wait in the queue and are sent when the broker is back") }
                reportedDown = true
                _ = wake.wait(timeout: .now() + away.nextSeconds())
            }
        }
        writeIncoming()
        // What is still queued is anyone's now: the next connection (of this process or another) sends it.
        sender.close()
        answered.open()
        ended.open()
    }

    /// The longest wait between logins after the broker refused one (a broker that is away is
    /// tried every 5 s at most): its users may be fixed while camsched runs.
    static let refusedRetry: Int64 = 30

    /// Keeps the broker's refusal; says it once, as an error (waiting for the broker does not
    /// help: the login must change). False when the connection is closing: no more tries.
    private func refused(_ refusal: MQTTLoginRefusal) -> Bool {
        let (first, closing) = state.withLock { state in
            defer { state.loginRefusal = refusal }
            return (state.loginRefusal == nil, state.closing)
        }
        answered.open()
        if first { logger.error("\(refusal)") }
        return !closing
    }

    /// Waits `seconds` before the next login; unlike the wait for a broker that is away, what is
    /// published meanwhile does not end it (it is written to the queue); a close does.
    private func pauseAfterRefusal(_ seconds: Double) {
        let until = DispatchTime.now() + seconds
        while DispatchTime.now() < until, !state.withLock({ $0.closing || $0.abandoned }) {
            _ = wake.wait(timeout: until)
            writeIncoming()
        }
    }

    /// A new client, connected and acknowledged by the broker, its loop thread running.
    func connect() throws(MQTTError) -> MQTTClientHandle {
        state.withLock { state in
            state.connack = nil
            state.lost = false
        }
        let client = try MQTTClientHandle.connecting(settings, will: availability("offline"),
                                                     context: Unmanaged.passUnretained(self).toOpaque())
        let deadline = Date().addingTimeInterval(10)
        // A TLS handshake that fails after the socket connected ends the connection on the
        // network thread (the disconnect callback), without a CONNACK: stop waiting then.
        // A run that ends meanwhile stops the wait too, so that why nothing was sent is said.
        while state.withLock({ $0.connack == nil && !$0.lost && !$0.abandoned }), Date() < deadline {
            _ = wake.wait(timeout: .now() + 0.1)
        }
        let code = state.withLock { $0.connack }
        guard code == 0 else {
            cm_loop_stop(client.pointer, true)
            throw MQTTClientHandle.refusal(code, settings)
        }
        return client
    }

    /// Sends until the connection is lost (false) or closed on request (true).
    func session(_ client: MQTTClientHandle) -> Bool {
        state.withLock { state in
            state.connected = true
            state.lost = false
            state.inflight = [:]
            state.latestInflight = [:]
            state.acknowledged = []
            state.unsentLatest = Set(state.latest.keys)
            state.unsubscribed = Set(state.handlers.keys)
        }
        // Subscribed before `online` goes out on the same stream: a command sent on seeing it arrives.
        subscribePending(client)
        _ = client.publish(availability("online"))
        var saidOffline = false
        while true {
            let (lost, closing, abandoned) = state.withLock { ($0.lost, $0.closing, $0.abandoned) }
            if lost { return false }
            // Out of time: what is not acknowledged stays queued, and camsched says goodbye all the
            // same (a process that ended with the socket open would leave the broker to send the
            // last will, or keep a dropped job's connection alive).
            if abandoned { return close(client, saidOffline: saidOffline) }
            writeIncoming()
            removeAcknowledged()
            subscribePending(client)
            sendLatest(client)
            sendQueued(client)
            if closing, isDrained() {
                if saidOffline || !sayOffline(client) { return close(client, saidOffline: true) }
                saidOffline = true
                continue
            }
            _ = wake.wait(timeout: .now() + 0.5)
        }
    }

    /// Removes the acknowledged rows; those it cannot remove stay acknowledged (tried again, and
    /// not sent again meanwhile: ``sendQueued(_:)`` leaves them out).
    private func removeAcknowledged() {
        let rows = state.withLock { state in
            defer { state.acknowledged = [] }
            return state.acknowledged
        }
        do { try outbox.remove(rows) } catch {
            logger.error("MQTT: cannot remove sent events from the queue: \(error)")
            state.withLock { $0.acknowledged.append(contentsOf: rows) }
        }
    }

    private func subscribePending(_ client: MQTTClientHandle) {
        let topics = state.withLock { state in
            defer { state.unsubscribed = [] }
            return state.unsubscribed
        }
        for topic in topics.sorted() where cm_subscribe(client.pointer, topic, 1) != cm_success() {
            state.withLock { _ = $0.unsubscribed.insert(topic) }
        }
    }

    private func sendLatest(_ client: MQTTClientHandle) {
        state.withLock { state in
            for topic in state.unsentLatest.sorted() {
                guard let payload = state.latest[topic],
                      let mid = client.publish(MQTTMessage(topic: topic, payload: payload, qos: 1, retain: true)) else { continue }
                state.latestInflight[mid] = topic
                state.unsentLatest.remove(topic)
            }
        }
    }

    /// Hands this connection's next queued messages to libmosquitto, in order, keeping at most
    /// ``window`` unacknowledged; taking over the rows of connections that are gone.
    private func sendQueued(_ client: MQTTClientHandle) {
        let (room, handed) = state.withLock { (Self.window - $0.inflight.count, $0.handedOver) }
        guard room > 0 else { return }
        let rows: [MQTTOutbox.Row]
        do { rows = try outbox.claim(for: sender, excluding: handed, limit: room) } catch {
            logger.error("MQTT: cannot read the queue: \(error)")
            return
        }
        for row in rows {
            // Under the lock, so the acknowledgement (on libmosquitto's thread) finds the id.
            let sent = state.withLock { state in
                guard let mid = client.publish(row.message) else { return false }
                state.inflight[mid] = row.id
                return true
            }
            if !sent { return }
        }
    }

    private func isDrained() -> Bool {
        let idle = state.withLock { $0.incoming.isEmpty && $0.inflight.isEmpty && $0.acknowledged.isEmpty && $0.unsentLatest.isEmpty && $0.latestInflight.isEmpty }
        return idle && !((try? outbox.hasRows(of: sender, excluding: state.withLock { $0.handedOver })) ?? false)
    }

    /// Announces `offline` (what the last will would say); the DISCONNECT waits for its PUBACK
    /// (``isDrained()`` counts it): a broker whose answer finds the socket already closed counts
    /// the connection as lost and sends the last will as a second `offline` (mosquitto does).
    private func sayOffline(_ client: MQTTClientHandle) -> Bool {
        state.withLock { state in
            guard let mid = client.publish(availability("offline")) else { return false }
            state.latestInflight[mid] = topics.availability
            return true
        }
    }

    /// Disconnects, announcing `offline` first unless that was done.
    private func close(_ client: MQTTClientHandle, saidOffline: Bool) -> Bool {
        if !saidOffline { _ = client.publish(availability("offline")) }
        cm_disconnect(client.pointer)
        state.withLock { $0.connected = false }
        return true
    }

    /// The retained availability message: `online`, or `offline` (also the last will).
    private func availability(_ text: String) -> MQTTMessage {
        MQTTMessage(topic: topics.availability, payload: Array(text.utf8), qos: 1, retain: true)
    }
}
