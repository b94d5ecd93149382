/// Why an MQTT broker URL was refused; each text ends with the form expected.
package enum MQTTBrokerURLError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLong, scheme, userInfo, path, host, port

    package var description: String {
        let form = "use mqtt://HOST:PORT, or mqtts://HOST:PORT for TLS"
        switch self {
        case .tooLong: return "is longer than \(MQTTBrokerURL.maximumBytes) bytes; \(form)"
        case .scheme: return "is not an MQTT URL; \(form)"
        case .userInfo: return "must not hold a user or password; put the user in \"username\" and the password in a file named by \"password\"; \(form)"
        case .path: return "must not have a path or query; \(form)"
        case .host: return "has no valid host name or address; \(form)"
        case .port: return "has a port outside 1…65535; \(form)"
        }
    }
}
