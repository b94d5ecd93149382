import CamschedTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// Slow and idle clients do not lock others out of the status server: at most 64 connections
/// are kept, and one more closes the one that has waited longest for a request; a request head
/// must come within 10 s, a body within 10 s of its head, and a kept-alive connection is closed
/// after 10 s without a request. Through the binary, loopback only.
@Suite(.serialized) struct LiveStatusConnectionLimitTests {
    /// A daemon whose one job never fires in a test: the server is all there is to it.
    static func daemon(in dir: TemporaryDirectory) throws -> LiveStatusProcess {
        try dir.write("jobs/yearly.json", LiveStatusIdleTests.job)
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
        // The first connection starts the HTTP server.
        _ = try live.get("/api/status")
        return live
    }

    /// Five clients at once, each asking for the status; how long each took to its answer (nil: none came within `timeout`).
    static func normalClients(port: Int, timeout: Double) -> [Double?] {
        let results = Mutex<[Double?]>([])
        let group = DispatchGroup()
        for _ in 0..<5 {
            group.enter()
            Thread.detachNewThread {
                let began = Date()
                let reply = try? HTTPProbe.request(port: port, "/api/status", timeout: timeout)
                let took = reply?.status == 200 ? Date().timeIntervalSince(began) : nil
                results.withLock { $0.append(took) }
                group.leave()
            }
        }
        group.wait()
        return results.withLock { $0 }
    }

    static func openDescriptors(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    @Test func slowClientsSendingAByteASecondDoNotLockOthersOut() throws {
        let dir = try TemporaryDirectory()
        let live = try Self.daemon(in: dir)
        let slow = SlowClients(count: 80, port: live.port)
        defer { slow.stop() }
        // The slow clients take every connection the server keeps within their first bytes: it
        // is full once it has closed one of them to make room (and that one connected again).
        Wait.until(seconds: 15) { slow.reconnected > 0 }
        let answers = Self.normalClients(port: live.port, timeout: 5)
        #expect(answers.count == 5 && answers.allSatisfy { ($0 ?? 99) < 2 }, "5 normal clients answered within 2 s each: \(answers)")
        #expect(slow.reconnected > 0, "slow clients were closed to make room")
        #expect(Self.openDescriptors(live.process.processIdentifier) < 200, "descriptors stay bounded")
        slow.stop()
        #expect(try live.get("/api/status").status == 200)
        _ = live.stop(SIGINT)
    }

    @Test func aThousandIdleConnectionsDoNotDelayANormalClient() throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 1200 {
            limit.rlim_cur = min(limit.rlim_max, 4096)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        try #require(limit.rlim_cur >= 1100, "the test needs 1,100 descriptors; the hard limit is \(limit.rlim_max)")
        let dir = try TemporaryDirectory()
        let live = try Self.daemon(in: dir)
        let idle = (0..<1000).map { _ in SlowClients.connect(port: live.port) }
        defer { for fd in idle where fd >= 0 { close(fd) } }
        let connected = SlowClients.waitConnected(idle.filter { $0 >= 0 }, seconds: 10)
        // Until the server has taken them from the kernel's queue (it keeps 64 and closes the
        // rest as more come): the normal client then meets a thousand idle connections, not
        // the queue of a burst still being accepted (900: leaves slack for the ones it keeps).
        var closedByServer = 0
        Wait.until(seconds: 10, every: 0.2) {
            closedByServer = idle.filter { $0 >= 0 && SlowClients.isClosed($0) }.count
            return closedByServer >= 900
        }
        let began = Date()
        let reply = try? HTTPProbe.request(port: live.port, "/api/status", timeout: 5)
        let took = Date().timeIntervalSince(began)
        #expect(reply?.status == 200, "answered (\(connected) of 1000 idle connections connected, \(closedByServer) closed by the server)")
        #expect(took < 1, "a normal client answered within 1 s: \(took) s")
        #expect(Self.openDescriptors(live.process.processIdentifier) < 200, "descriptors stay bounded")
        _ = live.stop(SIGINT)
    }

    @Test func aSlowHeadABodySentAByteASecondAndAnIdleKeptAliveConnectionAreClosedAfterTenSeconds() throws {
        let dir = try TemporaryDirectory()
        let live = try Self.daemon(in: dir)
        let slow = SlowClients(count: 1, port: live.port)
        defer { slow.stop() }
        // A kept-alive connection that had its answer and then sends nothing.
        let kept = try HTTPProbe.connect(port: live.port, timeout: 1)
        defer { close(kept) }
        let request = Array("GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:\(live.port)\r\n\r\n".utf8)
        #expect(send(kept, request, request.count, Int32(MSG_NOSIGNAL)) == request.count)
        // A request whose body comes a byte a second (each byte would restart an idle timer).
        let body = try HTTPProbe.connect(port: live.port, timeout: 1)
        defer { close(body) }
        let head = Array("POST /nowhere HTTP/1.1\r\nHost: 127.0.0.1:\(live.port)\r\nContent-Length: 100000\r\n\r\n".utf8)
        #expect(send(body, head, head.count, Int32(MSG_NOSIGNAL)) == head.count)
        let began = Date()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var keptClosed: Double?
        var bodyClosed: Double?
        while Date().timeIntervalSince(began) < 18, keptClosed == nil || bodyClosed == nil {
            if keptClosed == nil {
                // Waits up to a second (the receive timeout): time is the scenario, a byte a second.
                let count = recv(kept, &buffer, buffer.count, 0)
                if count == 0 || (count < 0 && errno == ECONNRESET) { keptClosed = Date().timeIntervalSince(began) }
            } else if Wait.until(seconds: 1, { SlowClients.isClosed(body) }) {
                // Time is the scenario: the body goes on at a byte a second until it is closed.
                bodyClosed = Date().timeIntervalSince(began)
            }
            if bodyClosed == nil {
                var byte = UInt8(ascii: "x")
                let sent = send(body, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                if sent < 0 && errno != EAGAIN || SlowClients.isClosed(body) { bodyClosed = Date().timeIntervalSince(began) }
            }
        }
        let idleClose = try #require(keptClosed, "the idle kept-alive connection was closed")
        #expect(idleClose > 9 && idleClose < 13, "closed 10 s after its answer: \(idleClose)")
        let bodyClose = try #require(bodyClosed, "the connection sending its body a byte a second was closed")
        #expect(bodyClose > 9 && bodyClose < 13, "closed 10 s after its head: \(bodyClose)")
        // The slow client looks at its connection once a second.
        Wait.until(seconds: 3) { slow.reconnected > 0 }
        #expect(slow.reconnected >= 1, "the slow head was closed within about 10 s")
        #expect(try live.get("/api/status").status == 200)
        _ = live.stop(SIGINT)
    }
}
