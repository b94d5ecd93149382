import CamschedTestSupport
import Foundation
import Glibc
import Synchronization

/// Clients that hold a server's connections the slow way, from one thread of the test: each
/// sends one byte of a request head that never ends, one byte a second per client (slow
/// loris), and connects again when the server closes it, as an attacker would. Loopback only;
/// stops on ``stop()`` or after `limit` seconds, whichever comes first.
final class SlowClients: Sendable {
    private let stopped = Atomic(false)
    private let reconnections = Atomic(0)
    private let finished = DispatchSemaphore(value: 0)

    /// How often the server closed one of them (and it connected again).
    var reconnected: Int { reconnections.load(ordering: .relaxed) }

    init(count: Int, port: Int, limit: Double = 120) {
        let thread = Thread { [self] in
            run(count: count, port: port, until: Date().addingTimeInterval(limit))
            finished.signal()
        }
        thread.name = "slow clients"
        thread.start()
    }

    /// Stops them and closes their connections (again: returns at once).
    func stop() {
        stopped.store(true, ordering: .relaxed)
        finished.wait()
        finished.signal()
    }

    private func run(count: Int, port: Int, until end: Date) {
        let head = Array("GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: ".utf8)
        var clients = (0..<count).map { _ in (fd: Self.connect(port: port), sent: 0) }
        while !stopped.load(ordering: .relaxed), Date() < end {
            for index in clients.indices {
                var (fd, sent) = clients[index]
                if fd >= 0, Self.isClosed(fd) {
                    close(fd)
                    fd = -1
                }
                if fd < 0 {
                    reconnections.add(1, ordering: .relaxed)
                    clients[index] = (Self.connect(port: port), 0)
                    continue
                }
                var byte = sent < head.count ? head[sent] : UInt8(ascii: "a")
                if send(fd, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) == 1 { sent += 1 }
                clients[index] = (fd, sent)
            }
            // Time is the scenario: a byte a second per client (or less, when asked to stop).
            Wait.until(seconds: 1) { stopped.load(ordering: .relaxed) }
        }
        for client in clients where client.fd >= 0 { close(client.fd) }
    }

    /// A non-blocking connect to 127.0.0.1:port (-1 when no socket could be made).
    static func connect(port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return fd
    }

    /// The server closed the connection (end of stream or reset); an answer is read and dropped.
    static func isClosed(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count == 0 { return true }
        return count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != ENOTCONN && errno != EINPROGRESS
    }

    /// Waits until each of `fds` is connected (writable) or the time is up; returns how many are.
    static func waitConnected(_ fds: [Int32], seconds: Double) -> Int {
        var pending = fds.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
        var connected = 0
        let end = Date().addingTimeInterval(seconds)
        while !pending.isEmpty, Date() < end {
            _ = poll(&pending, nfds_t(pending.count), 100)
            let done = pending.filter { $0.revents != 0 }
            connected += done.filter { Int32($0.revents) & (POLLERR | POLLHUP) == 0 }.count
            pending = pending.filter { $0.revents == 0 }.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        }
        return connected
    }
}
