import Foundation

/// Where the status server listens: `--listen HOST:PORT`.
///
/// `HOST` is an IPv4 address, `localhost`, a host name, or an IPv6 address in brackets
/// (`[::1]:8080`). Port 0 picks a free port (the log says which).
package struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    package var host: String
    package var port: Int

    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`.
    /// - Throws: ``StatusServerError/invalidListen(_:reason:)`` saying what is wrong.
    package init(parsing text: String) throws(StatusServerError) {
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw .invalidListen(text, reason: "an IPv6 address goes in brackets followed by the port, as [::1]:8080")
            }
            hostPart = text[text.index(after: text.startIndex)..<close]
            portPart = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon else {
                throw .invalidListen(text, reason: "give HOST:PORT, as 127.0.0.1:8080 ([::1]:8080 for IPv6)")
            }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        guard !hostPart.isEmpty else {
            throw .invalidListen(text, reason: "the host is missing; 127.0.0.1 serves this machine only, 0.0.0.0 every network")
        }
        guard hostPart.allSatisfy({ $0.isLetter || $0.isNumber || ".-:%_".contains($0) }), hostPart.count <= 253 else {
            throw .invalidListen(text, reason: "\"\(hostPart)\" is not a host name or an IP address")
        }
        guard let port = Int(portPart), (0...65535).contains(port) else {
            throw .invalidListen(text, reason: "the port must be a number from 0 to 65535 (0: any free port)")
        }
        self.init(host: String(hostPart), port: port)
    }

    /// Whether only this machine can reach the address: `localhost`, 127.0.0.0/8 or `::1`.
    package var isLoopback: Bool {
        let name = host.lowercased()
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    // The standard library's search: Foundation's `contains(_:)` would bring CFString's into an idle daemon.
    package var description: String { host.firstIndex(of: ":") != nil ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
