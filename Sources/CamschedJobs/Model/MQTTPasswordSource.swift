import CamschedCore

/// Where an MQTT password comes from: a file only its owner may read (mode 600 or 400), or an
/// environment variable. Never the job file itself; the password is never logged.
package enum MQTTPasswordSource: Sendable, Equatable, CustomStringConvertible {
    case file(String)
    case environment(String)

    /// The variable read when `mqtt.username` is set and `mqtt.password` is not.
    package static let defaultVariable = "CAMSCHED_MQTT_PASSWORD"

    /// The password: the file's text without one trailing newline, or the variable's value.
    /// - Throws: ``MQTTPasswordError`` naming the file or variable and the fix, never the password.
    package func load(environment: [String: String]) throws(MQTTPasswordError) -> String {
        switch self {
        case .file(let path):
            var text: String
            do { text = try CredentialsFile.read(path) } catch { throw .file(error) }
            if text.hasSuffix("\r\n") { text.removeLast() } else if text.hasSuffix("\n") { text.removeLast() }
            guard !text.isEmpty else { throw .empty(description) }
            return text
        case .environment(let name):
            guard let value = environment[name] else { throw .variableNotSet(name) }
            guard !value.isEmpty else { throw .empty(description) }
            return value
        }
    }

    /// Where the password comes from, for messages (never the password).
    package var description: String {
        switch self {
        case .file(let path): return "the password file \(path)"
        case .environment(let name): return "the environment variable \(name)"
        }
    }
}
