/// What an ``MQTTConnection``'s callers, its supervising thread and libmosquitto's callbacks
/// share, under the connection's one lock.
struct MQTTConnectionState {
    /// Messages published but not yet written to the outbox (the publishing thread never
    /// waits for SQLite: the supervising thread writes them, in order, before sending).
    var incoming: [MQTTMessage] = []
    /// Small values to keep in the outbox's state table (written with the next messages).
    var remembered: [String: String] = [:]
    /// The newest value of each ``MQTTConnection/publishLatest(topic:payload:)`` topic.
    var latest: [String: [UInt8]] = [:]
    /// The latest values not yet handed to libmosquitto on this connection.
    var unsentLatest: Set<String> = []
    /// Latest values handed to libmosquitto and not yet acknowledged, by message id: a close
    /// waits for them, because libmosquitto keeps QoS 1 messages beyond its in-flight limit in
    /// its own queue and a DISCONNECT drops them.
    var latestInflight: [Int32: String] = [:]
    var handlers: [String: @Sendable (MQTTMessage) -> Void] = [:]
    /// Topics to subscribe at the next chance (all of them after a connect).
    var unsubscribed: Set<String> = []
    /// Outbox rows handed to libmosquitto and not yet acknowledged, by message id.
    var inflight: [Int32: Int64] = [:]
    /// Outbox rows acknowledged and not yet removed.
    var acknowledged: [Int64] = []
    /// The outbox rows handed to libmosquitto on this connection and not yet removed: the
    /// next rows to send are the connection's others.
    var handedOver: Set<Int64> { Set(inflight.values).union(acknowledged) }
    /// The CONNACK code of the connection being set up.
    var connack: Int32?
    /// The broker refused the login at the last attempt; nil once it accepted one.
    var loginRefusal: MQTTLoginRefusal?
    var connected = false
    /// The connection went away (libmosquitto's disconnect callback).
    var lost = false
    /// Asked to send what is queued and close.
    var closing = false
    /// Asked to stop now, sent or not.
    var abandoned = false
}
