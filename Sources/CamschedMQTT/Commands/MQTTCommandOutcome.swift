/// What became of a command received over MQTT: published on `PREFIX/JOB/event/command` and logged.
package struct MQTTCommandOutcome: Sendable, Equatable {
    package var accepted: Bool
    /// Why it was refused, or what was done (`"started run 20261126T201500Z"`).
    package var reason: String

    package init(accepted: Bool, reason: String) {
        self.accepted = accepted
        self.reason = reason
    }
}
