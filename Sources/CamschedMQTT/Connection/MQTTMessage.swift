/// One message to publish.
public struct MQTTMessage: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]
    public var qos: Int
    public var retain: Bool

    public init(topic: String, payload: [UInt8], qos: Int = 1, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}
