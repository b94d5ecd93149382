/// One message to publish.
package struct MQTTMessage: Sendable, Equatable {
    package var topic: String
    package var payload: [UInt8]
    package var qos: Int
    package var retain: Bool

    package init(topic: String, payload: [UInt8], qos: Int = 1, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}
