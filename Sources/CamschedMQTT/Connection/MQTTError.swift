import CamschedJobs

/// Why an MQTT connection could not be set up or used. No case carries a password.
package enum MQTTError: Error, Sendable, CustomStringConvertible {
    /// libmosquitto could not be loaded.
    case library(String)
    case password(MQTTPasswordError)
    /// A libmosquitto call failed: its name and libmosquitto's text.
    case call(String, String)
    /// The broker refused the connection (CONNACK): libmosquitto's text.
    case refused(String)
    /// The broker refused the login: the user, or its password, is wrong, or not allowed.
    case loginRefused(MQTTLoginRefusal)

    package var description: String {
        switch self {
        case .library(let text): return "MQTT: cannot load libmosquitto: \(text)"
        case .password(let error): return "MQTT: \(error.description)"
        case let .call(name, text): return "MQTT: \(name) failed: \(text)"
        case .refused(let text): return "MQTT: the broker refused the connection: \(text)"
        case .loginRefused(let refusal): return refusal.description
        }
    }
}
