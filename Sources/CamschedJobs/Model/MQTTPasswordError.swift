import CamschedCore

/// Why an MQTT password could not be read; no case carries the password.
package enum MQTTPasswordError: Error, Sendable, CustomStringConvertible {
    /// The file is missing, unreadable, not a regular file or open to others.
    case file(CameraCredentialsError)
    case variableNotSet(String)
    /// The file or variable is empty.
    case empty(String)

    package var description: String {
        switch self {
        case .file(.fileTooOpen(let path, let mode)):
            return "the password file \(path) has mode \(String(mode, radix: 8)): others may read it; run chmod 600 \(path)"
        case .file(let error): return "the password file: \(error.description)"
        case .variableNotSet(let name): return "the environment variable \(name) is not set; set it to the MQTT password"
        case .empty(let source): return "\(source) is empty"
        }
    }
}
