import CamschedTestSupport
import Foundation
import Testing

/// The broker stopped for 10 s in the middle of an interval run and started again on the same
/// port: every event arrives once after it returns (by event id), and the shots were not late
/// because of it (sidecar lateness compared with a run without an outage).
///
/// The broker runs with persistence on and the subscriber with a persistent session: the
/// broker then keeps the subscriber's subscription (and what is queued for it) across its
/// restart, so what arrives is what camsched sent. With persistence off the subscriber's
/// session would vanish with the broker, and events sent before it subscribed again would be
/// lost by the broker, not by camsched.
@Suite(.serialized) struct MQTTOutageTests {
    static func job(_ name: String, broker: String, count: Int) -> String {
        """
        {"name": "\(name)", "camera": {"device": "test:?size=320x180&fps=30", "warmup": "0s"},
         "capture": {"interval": {"every": "500ms", "count": \(count)}},
         "output": {"root": "out"},
         "mqtt": {"broker": "\(broker)", "topicPrefix": "outage"}}
        """
    }

    /// startedAt − scheduledAt of every still of `job`, from the sidecars.
    static func lateness(_ dir: TemporaryDirectory, job: String) throws -> [Double] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try JobFixtures.filed(dir, ext: "jpg").filter { $0.path.contains("/\(job)/") }.map { url in
            let sidecar = try JobFixtures.sidecar(url)
            let scheduled = try #require((sidecar["scheduledAt"] as? String).flatMap(formatter.date(from:)))
            let started = try #require((sidecar["startedAt"] as? String).flatMap(formatter.date(from:)))
            return started.timeIntervalSince(scheduled)
        }
    }

    @Test func eventsWaitForABrokerThatIsAwayAndArriveOnceWithoutMakingShotsLate() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir, persistence: true)
        let sub = try MQTTSubscription(broker, filter: "outage/+/event/#", dir: dir, persistent: true)
        let baselineJob = try dir.write("baseline.json", Self.job("calm", broker: broker.url, count: 8))
        let calm = try CamschedBinary.run(["run", baselineJob.path, "--no-progress"])
        #expect(calm.status == 0, "\(calm.stderr)")

        let jobFile = try dir.write("job.json", Self.job("stormy", broker: broker.url, count: 30))
        let run = try ProcessRunner.start(CamschedBinary.path, ["run", jobFile.path, "--no-progress"],
                                          stdout: dir.file("run.out"), stderr: dir.file("run.err"))
        defer { if run.isRunning { run.terminate() } }
        #expect(sub.wait { $0.filter { $0.topic == "outage/stormy/event/capture" }.count >= 2 }.count > 0)
        broker.stop()
        // Time is the scenario: the broker stays away for 10 s while shots are due.
        Thread.sleep(forTimeInterval: 10)
        try broker.start()
        #expect(Wait.until(seconds: 30) { !run.isRunning })
        #expect(run.terminationStatus == 0)
        let messages = sub.wait(seconds: 20) { $0.contains { $0.topic == "outage/stormy/event/done" } }
        let stormy = messages.filter { $0.topic.hasPrefix("outage/stormy/event/") }
        let ids = stormy.compactMap { $0.json["id"] as? String }
        #expect(ids.count == 32 && Set(ids).count == 32, "start, 30 files, done, each once: \(ids.count) (\(Set(ids).count) distinct)")
        let seqs = stormy.filter { $0.topic.hasSuffix("/capture") }.compactMap { $0.json["seq"] as? Int }
        #expect(seqs == Array(1...30), "in order")
        let err = (try? String(contentsOf: dir.file("run.err"), encoding: .utf8)) ?? ""
        #expect(err.contains("connected to") && err.contains("again"), "\(err)")

        let calmLate = try Self.lateness(dir, job: "calm"), stormyLate = try Self.lateness(dir, job: "stormy")
        #expect(calmLate.count == 8 && stormyLate.count == 30)
        let worst = stormyLate.max() ?? 0, usual = calmLate.max() ?? 0
        #expect(worst < usual + 0.15 && worst < 0.3, "lateness with the broker away \(worst) s, without \(usual) s")
    }
}
