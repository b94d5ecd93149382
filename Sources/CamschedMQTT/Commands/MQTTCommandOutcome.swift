/// What became of a command received over MQTT: published on `PREFIX/JOB/event/command` and logged.
public struct MQTTCommandOutcome: Sendable, Equatable {
    public var accepted: Bool
    /// Why it was refused, or what was done (`"started run 20261126T201500Z"`).
    public var reason: String

    public init(accepted: Bool, reason: String) {
        self.accepted = accepted
        self.reason = reason
    }
}
