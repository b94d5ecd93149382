import CamschedTestSupport
import Foundation
import Testing

/// `--listen` costs an idle daemon almost nothing: the socket listens from the start, but
/// swift-nio's event loop thread (and Hummingbird with it) starts with the first connection,
/// which is then answered as usual; a daemon nobody asked stops cleanly and frees the port.
@Suite(.serialized) struct LiveStatusIdleTests {
    static let job = """
        {"name": "yearly", "camera": {"device": "test:?size=320x180&fps=15", "warmup": "0s"},
         "capture": {"record": {"duration": "2s", "preset": "ultrafast"}},
         "output": {"root": "../out", "path": "{job}/{job}-{seq}"},
         "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}}
        """

    /// Names of the process's threads (`/proc/PID/task/*/comm`).
    static func threadNames(_ pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// A daemon on `dir/jobs` with `--listen`, once it told systemd it is ready (its jobs are
    /// scheduled: it has done all it does before a first connection).
    static func startedDaemon(in dir: TemporaryDirectory) throws -> LiveStatusProcess {
        let socketPath = dir.file("notify.sock").path
        let notify = try DaemonTests.NotifySocket(path: socketPath)
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir,
                                         environment: ["NOTIFY_SOCKET": socketPath])
        let ready = notify.receive(until: "READY=1", seconds: 30).joined(separator: "\n")
        try #require(ready.contains("READY=1"), "the daemon never became ready: \(ready) \(live.log)")
        return live
    }

    @Test func theEventLoopStartsWithTheFirstConnection() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/yearly.json", Self.job)
        let live = try Self.startedDaemon(in: dir)
        let pid = live.process.processIdentifier
        let idle = Self.threadNames(pid)
        #expect(!idle.isEmpty)
        #expect(!idle.contains { $0.hasPrefix("NIO-ELT") }, "no event loop before anyone connects: \(idle)")

        let reply = try live.get("/api/status")
        #expect(reply.status == 200, "\(reply.text) \(live.log)")
        #expect(try live.job("yearly")["state"] as? String == "idle")
        #expect(Self.threadNames(pid).filter { $0.hasPrefix("NIO-ELT") }.count == 1, "one event loop thread once asked")
        // The headers Hummingbird's application added are still there.
        #expect(reply.headers["server"] == "camsched")
        let date = try #require(reply.headers["date"])
        #expect(date.range(of: #"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$"#,
                           options: .regularExpression) != nil, "\(date)")
        #expect(try live.get("/nowhere").status == 404)

        // A connection that never sends a request does not hold the daemon up when it stops.
        let silent = try HTTPProbe.connect(port: live.port)
        defer { close(silent) }
        let stopping = Date()
        #expect(live.stop(SIGTERM) == 143)
        #expect(Date().timeIntervalSince(stopping) < 10, "stopped with an idle connection open")
    }

    @Test func aDaemonNobodyAskedStopsAndFreesThePort() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/yearly.json", Self.job)
        let live = try Self.startedDaemon(in: dir)
        #expect(!Self.threadNames(live.process.processIdentifier).contains { $0.hasPrefix("NIO-ELT") })
        #expect(live.stop(SIGTERM) == 143, "\(live.log)")
        // The same port again: the first daemon closed its socket.
        let again = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:\(live.port)"], in: dir)
        #expect(again.port == live.port)
        #expect(try again.get("/api/status").status == 200, "\(again.log)")
        #expect(again.stop(SIGTERM) == 143)
    }

    @Test func aTakenPortEndsTheProcessWithExitTwo() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/yearly.json", Self.job)
        let first = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
        let second = try ProcessRunner.run(CamschedBinary.path, ["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:\(first.port)"])
        #expect(second.status == 2)
        #expect(second.stderr.contains("cannot listen on 127.0.0.1:\(first.port): bind: Address already in use"), "\(second.stderr)")
        #expect(first.stop(SIGTERM) == 143)
    }
}
