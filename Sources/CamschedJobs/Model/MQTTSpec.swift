/// A job's `mqtt` block: the broker its events, state and availability are published to, and
/// whether it takes commands. Discovery for Home Assistant is declared here too.
package struct MQTTSpec: Sendable, Equatable {
    /// The broker.
    package var broker: MQTTBrokerURL
    /// The CA certificates (PEM) a `mqtts://` broker's certificate is checked against; nil: the
    /// system's (`/etc/ssl/certs`).
    package var caFile: String?
    /// The client id; nil: `camsched-NODE-JOB-PID` (unique per process, so a `run` beside the
    /// daemon does not push the daemon's session off the broker).
    package var clientID: String?
    /// The first levels of every topic; nil: `camsched/NODE`.
    package var topicPrefix: String?
    /// The user to log in as; nil: anonymous.
    package var username: String?
    /// Where the password is; nil with a user: `CAMSCHED_MQTT_PASSWORD` if set.
    package var password: MQTTPasswordSource?
    /// Whether commands (run, trigger, snapshot) received on the command topics are carried out.
    package var allowCommands: Bool
    /// Whether Home Assistant discovery configs are published.
    package var homeAssistant: Bool
    /// The topic prefix Home Assistant listens on for discovery configs.
    package var discoveryPrefix: String

    /// The longest topic prefix, client id or user name accepted, in bytes.
    package static let maximumNameBytes = 200

    package init(broker: MQTTBrokerURL, caFile: String? = nil, clientID: String? = nil, topicPrefix: String? = nil,
                username: String? = nil, password: MQTTPasswordSource? = nil, allowCommands: Bool = false,
                homeAssistant: Bool = false, discoveryPrefix: String = "homeassistant") {
        self.broker = broker
        self.caFile = caFile
        self.clientID = clientID
        self.topicPrefix = topicPrefix
        self.username = username
        self.password = password
        self.allowCommands = allowCommands
        self.homeAssistant = homeAssistant
        self.discoveryPrefix = discoveryPrefix
    }

    /// The variables hooks do not get: `CAMSCHED_MQTT_PASSWORD` and the one `password` names.
    package static func withheldVariables(_ spec: MQTTSpec?) -> Set<String> {
        var names: Set<String> = [MQTTPasswordSource.defaultVariable]
        if case .environment(let name)? = spec?.password { names.insert(name) }
        return names
    }

    /// What is wrong with a topic prefix (nil: nothing): not empty, no wildcard (`+`, `#`), no
    /// empty level, no control character.
    package static func topicProblem(_ topic: String) -> String? {
        if topic.isEmpty { return "must not be empty" }
        if topic.utf8.count > maximumNameBytes { return "is longer than \(maximumNameBytes) bytes" }
        if topic.contains("+") || topic.contains("#") { return "must not contain the wildcards \"+\" or \"#\"" }
        if topic.hasPrefix("/") || topic.hasSuffix("/") || topic.contains("//") { return "must not start or end with \"/\" or have an empty level" }
        if topic.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "must not contain control characters" }
        return nil
    }
}
