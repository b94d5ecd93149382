import CamschedTestSupport
import Foundation
import Glibc
import Synchronization

/// Clients guessing a status server's token through its login form, each from its own loopback
/// address (127.0.0.2, 127.0.0.3, …: Linux routes all of 127/8 to loopback, so a test can be
/// many clients), each posting one wrong token after another until stopped.
final class LoginGuessers: Sendable {
    /// One answer a guesser got, and how long it took.
    struct Answer: Sendable {
        var status: Int
        var retryAfter: String?
        var seconds: Double
    }

    private let stopped = Atomic(false)
    private let failures = Atomic(0)
    private let answers: Mutex<[[Answer]]>
    private let finished = DispatchSemaphore(value: 0)
    let count: Int

    init(count: Int, port: Int) {
        self.count = count
        answers = Mutex(Array(repeating: [], count: count))
        for index in 0..<count {
            Thread.detachNewThread { [self] in
                let source = "127.0.0.\(index + 2)"
                while !stopped.load(ordering: .relaxed) {
                    let began = Date()
                    if let reply = try? Self.postLogin(from: source, port: port, token: "wrong-\(index)") {
                        let answer = Answer(status: reply.status, retryAfter: reply.headers["retry-after"], seconds: Date().timeIntervalSince(began))
                        answers.withLock { $0[index].append(answer) }
                    } else {
                        failures.add(1, ordering: .relaxed)
                    }
                    // Time is the scenario: an attacker's pace, the next guess 0.1 s after an answer.
                    usleep(100_000)
                }
                finished.signal()
            }
        }
    }

    /// Guesses that ended, with an answer or without (a connection refused or reset).
    var attempts: Int { answers.withLock { $0.reduce(0) { $0 + $1.count } } + failures.load(ordering: .relaxed) }

    /// Stops every guesser and returns the answers each got, in order.
    func stop() -> [[Answer]] {
        // Stopped before (the test's `defer`): the threads have ended already.
        if stopped.exchange(true, ordering: .relaxed) { return answers.withLock { $0 } }
        for _ in 0..<count { finished.wait() }
        return answers.withLock { $0 }
    }

    /// `POST /login` with `token` from `source`, on a fresh connection, read to its end.
    static func postLogin(from source: String, port: Int, token: String, cookie: String? = nil) throws -> HTTPReply {
        let body = "token=\(token)"
        let head = "POST /login HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        return try exchange(from: source, port: port, head + body)
    }

    /// `GET path` from `source` with extra header lines.
    static func get(_ path: String, from source: String, port: Int, headers: String = "") throws -> HTTPReply {
        try exchange(from: source, port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\(headers)\r\n")
    }

    /// Sends `request` on a connection from `source` to 127.0.0.1:port and reads the answer to its end.
    static func exchange(from source: String, port: Int, _ request: String, timeout: Int = 10) throws -> HTTPReply {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HTTPProbe.Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        guard bound == 0 else { throw HTTPProbe.Failure(description: "bind \(source): errno \(errno)") }
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, size) } }
        guard connected == 0 else { throw HTTPProbe.Failure(description: "connect from \(source): errno \(errno)") }
        let bytes = Array(request.utf8)
        guard send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw HTTPProbe.Failure(description: "send failed") }
        return try HTTPProbe.parse(HTTPProbe.readToEnd(fd))
    }
}
