import Foundation

/// `sd_notify` over `$NOTIFY_SOCKET` (READY=1, WATCHDOG=1, STOPPING=1, STATUS=…), without
/// linking libsystemd: one datagram to a Unix socket.
package struct SystemdNotifier: Sendable {
    package let socketPath: String?

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether systemd asked for notifications.
    package var isEnabled: Bool { socketPath != nil }

    /// The watchdog period systemd expects pings within (`WATCHDOG_USEC`), if any.
    package static func watchdogInterval(environment: [String: String] = ProcessInfo.processInfo.environment) -> TimeInterval? {
        guard let text = environment["WATCHDOG_USEC"], let usec = Double(text), usec > 0 else { return nil }
        return usec / 1e6
    }

    /// Sends a state string such as `READY=1`. Returns false when it could not be sent.
    @discardableResult
    package func notify(_ state: String) -> Bool {
        guard var path = socketPath else { return false }
        if path.hasPrefix("@") { path = "\0" + path.dropFirst() } // abstract namespace
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let sent = state.withCString { text in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    // Never block: a notification systemd cannot take now is simply dropped.
                    sendto(fd, text, strlen(text), Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
        return sent >= 0
    }
}
