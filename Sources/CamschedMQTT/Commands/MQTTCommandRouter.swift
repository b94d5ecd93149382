import Foundation
import Logging
import Synchronization

/// The command topics of a job (`PREFIX/JOB/command/VERB`): each verb's action runs only when
/// the job has `mqtt.allowCommands: true`; otherwise the command is refused. Either way the
/// outcome is logged (the verb, never the payload) and published on `PREFIX/JOB/event/command`.
///
/// A retained command (one the broker stored and hands to every new subscription) is never
/// carried out: it would run again at each (re)connection of camsched. It is logged once per
/// verb, saying how to clear it.
package final class MQTTCommandRouter: Sendable {
    package typealias Action = @Sendable () async -> MQTTCommandOutcome
    let connection: MQTTConnection
    let allowed: Bool
    let logger: Logger
    let publishEvent: @Sendable (MQTTOwnEventMembers) -> Void
    /// The verbs whose retained command was already logged.
    private let retainedSeen = Mutex<Set<String>>([])

    init(connection: MQTTConnection, allowed: Bool, logger: Logger, publishEvent: @escaping @Sendable (MQTTOwnEventMembers) -> Void) {
        self.connection = connection
        self.allowed = allowed
        self.logger = logger
        self.publishEvent = publishEvent
    }

    /// Subscribes `PREFIX/JOB/command/VERB` and runs `action` for each message on it (the
    /// payload is ignored), one at a time per verb's message, off libmosquitto's thread.
    package func handle(_ verb: String, _ action: @escaping Action) {
        let job = connection.topics.job
        connection.subscribe(topic: connection.topics.command(verb)) { [self] message in
            guard !message.retain else {
                ignoreRetained(verb, topic: message.topic)
                return
            }
            guard allowed else {
                finish(verb, MQTTCommandOutcome(
                    accepted: false, reason: "\(job) does not allow remote commands; set \"allowCommands\": true in its mqtt block"))
                return
            }
            Task { finish(verb, await action()) }
        }
    }

    private func ignoreRetained(_ verb: String, topic: String) {
        guard retainedSeen.withLock({ $0.insert(verb).inserted }) else { return }
        logger.warning("""
            MQTT: \(connection.topics.job): a retained command "\(verb)" on \(topic) is ignored (it would run again at every \
            connection); publish commands without the retain flag, and clear this one with: \
            mosquitto_pub -t '\(topic)' -r -n
            """)
    }

    private func finish(_ verb: String, _ outcome: MQTTCommandOutcome) {
        let job = connection.topics.job
        if outcome.accepted {
            logger.notice("MQTT: \(job): command \"\(verb)\": \(outcome.reason)")
        } else {
            logger.warning("MQTT: \(job): command \"\(verb)\" refused: \(outcome.reason)")
        }
        publishEvent(.command(verb: verb, accepted: outcome.accepted, reason: outcome.reason))
    }
}
