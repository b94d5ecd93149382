import CamschedTestSupport
import Foundation
import Testing

/// A `camsched daemon` and a `camsched run` of the same job on the same output root share the
/// job's MQTT queue (`ROOT/.mqtt/JOB.sqlite`); every event must arrive once, counted by id.
///
/// With the broker stopped, both queue events, a third run of the job queues some and is killed
/// with SIGKILL, and a row left by an older camsched (its queue had no sender column) waits too:
/// when the broker is back, the killed run's rows and the old row are sent by one of the two
/// live processes, not by both. Then, both connected, the broker is frozen (SIGSTOP) for a few
/// shots, so that rows wait unacknowledged while the other process looks at the queue: each
/// process sends only its own.
///
/// The broker keeps sessions across its restart and the subscriber's session is persistent
/// (as in ``MQTTOutageTests``), so what arrives is what camsched sent.
@Suite(.serialized) struct MQTTSharedQueueTests {
    static let legacyID = "a-row-queued-by-an-older-camsched"

    @Test func aRunBesideTheDaemonAndAKilledRunHaveEachEventSentOnce() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir, persistence: true)
        defer { broker.resume() }
        let sub = try MQTTSubscription(broker, filter: "shared/+/event/#", dir: dir, persistent: true)
        broker.stop()
        try dir.write("jobs/twin.json", """
            {"name": "twin", "camera": {"device": "test:?size=320x180&fps=15&card=daemon", "warmup": "0s"},
             "capture": {"interval": {"every": "500ms", "count": 40}},
             "output": {"root": "../out"}, "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"},
             "mqtt": {"broker": "\(broker.url)", "topicPrefix": "shared"}}
            """)
        let queue = dir.file("out/.mqtt/twin.sqlite")
        try Self.writeOlderQueue(queue)

        let daemon = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0", "--json"], in: dir)
        #expect(try daemon.post("/api/jobs/twin/run").status == 202, "\(daemon.log)")
        // Other cards, so that each run's events say which process it is (and each has its own camera lock).
        let run = try Self.run(dir, card: "run")
        let killed = try Self.run(dir, card: "killed")
        defer { for process in [run, killed] where process.isRunning { process.terminate() } }
        let (runOut, daemonOut) = (dir.file("run.out"), dir.file("status.out"))
        #expect(Wait.until(seconds: 30) { Self.filed(dir.file("killed.out")).count >= 3 }, "the run to kill filed nothing")
        kill(killed.processIdentifier, SIGKILL)
        #expect(Wait.until(seconds: 10) { !killed.isRunning })
        #expect(Wait.until(seconds: 30) { Self.filed(runOut).count >= 3 && Self.filed(daemonOut).count >= 3 })
        let queued = try Self.queuedIDs(queue)
        #expect(queued.contains(Self.legacyID))

        try broker.start()
        let runLog = { (try? String(contentsOf: dir.file("run.err"), encoding: .utf8)) ?? "" }
        #expect(Wait.until(seconds: 15) { [runLog(), daemon.log].allSatisfy { $0.contains("MQTT: connected to") && $0.contains(" again") } },
                "both back: \(runLog())\n\(daemon.log)")
        broker.pause()
        let shots = Self.filed(runOut).count + Self.filed(daemonOut).count
        // Time is the scenario: the broker stays frozen while each process queues a few shots.
        #expect(Wait.until(seconds: 10) { Self.filed(runOut).count + Self.filed(daemonOut).count >= shots + 5 })
        Thread.sleep(forTimeInterval: 0.6)
        broker.resume()

        #expect(Wait.until(seconds: 40) { !run.isRunning }, "\(sub.text)")
        #expect(run.terminationStatus == 0)
        let twin = { (messages: [MQTTSubscription.Message]) in messages.filter { $0.topic.hasPrefix("shared/twin/event/") } }
        let finished = sub.wait(seconds: 30) { messages in twin(messages).filter { $0.topic.hasSuffix("/done") }.count >= 2 }
        #expect(twin(finished).filter { $0.topic.hasSuffix("/done") }.count == 2, "\(daemon.log)")
        // The daemon stays connected: it sends the rest of what it took over.
        #expect(Wait.until(seconds: 20, every: 0.5) { (try? Self.queuedIDs(queue).isEmpty) ?? false }, "the queue emptied")
        #expect(daemon.stop(SIGTERM) == 143)

        let events = twin(sub.messages)
        let ids = events.compactMap { $0.json["id"] as? String }
        let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys
        #expect(repeated.isEmpty, "\(repeated.count) of \(Set(ids).count) event ids arrived more than once")
        #expect(Set(queued).subtracting(ids).isEmpty, "queued while the broker was away and never sent: \(Set(queued).subtracting(ids))")
        let started = events.filter { $0.topic.hasSuffix("/start") }.compactMap { $0.json["card"] as? String }
        #expect(started.sorted() == ["daemon", "killed", "run"], "\(started)")
        let paths = events.filter { $0.topic.hasSuffix("/capture") }.compactMap { $0.json["file"] as? String }
        let live = Self.filed(runOut) + Self.filed(daemonOut)
        #expect(live.count == 80 && Set(live).isSubset(of: Set(paths)), "every still of the two live runs: \(live.count) filed")
    }

    /// `camsched run` of the shared job with a camera of its own card, its `--json` lines in `CARD.out`.
    static func run(_ dir: TemporaryDirectory, card: String) throws -> ChildProcess {
        try ProcessRunner.start(CamschedBinary.path, ["run", dir.file("jobs/twin.json").path, "--no-progress", "--json",
                                                      "--device", "test:?size=320x180&fps=15&card=\(card)"],
                                stdout: dir.file("\(card).out"), stderr: dir.file("\(card).err"))
    }

    /// The files of a `--json` output's `capture` lines, relative to the output root.
    static func filed(_ url: URL) -> [String] {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            return object?["event"] as? String == "capture" ? object?["file"] as? String : nil
        }
    }

    /// The queue as camsched wrote it before rows named their sender, with one event in it.
    static func writeOlderQueue(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let payload = #"{"event":"error","id":"\#(legacyID)","job":"twin","message":"left by an older camsched"}"#
        let sql = """
            PRAGMA journal_mode = WAL;
            CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, payload BLOB NOT NULL,
                                 qos INTEGER NOT NULL, retain INTEGER NOT NULL);
            CREATE TABLE state (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
            INSERT INTO outbox (topic, payload, qos, retain) VALUES ('shared/twin/event/error', CAST('\(payload)' AS BLOB), 1, 0);
            """
        let result = try ProcessRunner.run("/usr/bin/sqlite3", [url.path, sql], timeout: 20)
        guard result.status == 0 else { throw BrokerError(text: "sqlite3: \(result.stderr)") }
    }

    /// The event ids waiting in the queue (read with the sqlite3 tool, beside the writers).
    static func queuedIDs(_ url: URL) throws -> [String] {
        let result = try ProcessRunner.run("/usr/bin/sqlite3", ["-readonly", "-cmd", ".timeout 5000", url.path,
                                                                "SELECT CAST(payload AS TEXT) FROM outbox"], timeout: 20)
        guard result.status == 0 else { throw BrokerError(text: "sqlite3: \(result.stderr)") }
        return result.stdout.split(separator: "\n").compactMap { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["id"] as? String
        }
    }
}
