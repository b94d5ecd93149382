import Foundation

/// libmosquitto's callbacks, on its loop thread: each is one short update under the lock.
extension MQTTConnection {
    static func from(_ context: UnsafeMutableRawPointer?) -> MQTTConnection? {
        context.map { Unmanaged<MQTTConnection>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The broker's CONNACK.
    func connected(_ code: Int32) {
        state.withLock { $0.connack = code }
        wake.signal()
    }

    func disconnected(_ code: Int32) {
        state.withLock { state in
            state.connected = false
            state.lost = true
        }
        wake.signal()
    }

    /// A QoS 1 message's PUBACK (a QoS 0 message's send): its outbox row may go.
    func acknowledged(_ mid: Int32) {
        state.withLock { state in
            if let row = state.inflight.removeValue(forKey: mid) { state.acknowledged.append(row) }
            state.latestInflight[mid] = nil
        }
        wake.signal()
    }

    /// A subscribed topic's message, with the broker's retain flag (a stored message).
    func received(_ message: MQTTMessage) {
        guard let handler = state.withLock({ $0.handlers[message.topic] }) else { return }
        handler(message)
    }
}
