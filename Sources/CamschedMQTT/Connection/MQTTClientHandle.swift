import Glibc
import CMosquittoShim

/// One libmosquitto client (`struct mosquitto`), destroyed with its owner. Used by the
/// connection's supervising thread and, for publishing, under the connection's lock:
/// libmosquitto's calls are thread-safe once its loop thread runs, hence `@unchecked`.
final class MQTTClientHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    /// - Throws: ``MQTTError/call(_:_:)`` when libmosquitto refuses the client.
    init(clientID: String, context: UnsafeMutableRawPointer) throws(MQTTError) {
        guard let pointer = cm_new(clientID, context) else { throw .call("mosquitto_new", "no client for this id") }
        self.pointer = pointer
    }

    deinit { cm_destroy(pointer) }

    /// Throws the libmosquitto call's failure as an ``MQTTError``.
    static func check(_ code: Int32, _ name: String) throws(MQTTError) {
        guard code != cm_success() else { return }
        let text = code == cm_err_errno() ? String(cString: strerror(errno)) : String(cString: cm_strerror(code))
        throw .call(name, text)
    }

    /// Publishes; returns the message id, nil when libmosquitto refused (not connected).
    func publish(_ message: MQTTMessage) -> Int32? {
        var mid: Int32 = 0
        let code = message.payload.withUnsafeBytes { bytes in
            cm_publish(pointer, &mid, message.topic, bytes.baseAddress, Int32(bytes.count), Int32(message.qos), message.retain)
        }
        return code == cm_success() ? mid : nil
    }
}
