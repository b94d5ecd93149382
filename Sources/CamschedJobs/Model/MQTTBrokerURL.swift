import Foundation

/// An MQTT broker: `mqtt://HOST[:PORT]` (plain, port 1883) or `mqtts://HOST[:PORT]` (TLS, port
/// 8883). No user or password: the job names the user in `mqtt.username` and the password's
/// file or variable in `mqtt.password`, so a job file readable by everyone holds no secret.
package struct MQTTBrokerURL: Sendable, Equatable, CustomStringConvertible {
    /// The broker's host name or address (an IPv6 address without brackets).
    package var host: String
    /// The broker's port.
    package var port: Int
    /// Whether the connection is TLS (`mqtts://`).
    package var tls: Bool

    /// The longest URL accepted, in bytes.
    package static let maximumBytes = 1_024

    package init(host: String, port: Int, tls: Bool) {
        self.host = host
        self.port = port
        self.tls = tls
    }

    /// Parses `mqtt://HOST[:PORT]` or `mqtts://HOST[:PORT]`.
    /// - Throws: ``MQTTBrokerURLError`` saying what is wrong and the form expected.
    package init(parsing text: String) throws(MQTTBrokerURLError) {
        guard text.utf8.count <= Self.maximumBytes else { throw .tooLong }
        let tls: Bool
        let rest: Substring
        if text.lowercased().hasPrefix("mqtts://") {
            (tls, rest) = (true, text.dropFirst(8))
        } else if text.lowercased().hasPrefix("mqtt://") {
            (tls, rest) = (false, text.dropFirst(7))
        } else {
            throw .scheme
        }
        var authority = rest
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        if authority.contains("@") { throw .userInfo }
        if authority.contains("/") || authority.contains("?") || authority.contains("#") { throw .path }
        let (host, port) = try Self.split(authority, defaultPort: tls ? 8883 : 1883)
        self.init(host: host, port: port, tls: tls)
    }

    private static func split(_ authority: Substring, defaultPort: Int) throws(MQTTBrokerURLError) -> (String, Int) {
        var host = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .host }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { throw .host }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._:".contains($0)) }) else { throw .host }
        guard let portText else { return (String(host), defaultPort) }
        guard let port = Int(portText), (1...65_535).contains(port), portText.allSatisfy(\.isNumber) else { throw .port }
        return (String(host), port)
    }

    /// The URL again (it holds no secret).
    package var description: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "\(tls ? "mqtts" : "mqtt")://\(shown):\(port)"
    }
}
