import CamschedTestSupport
import Foundation
import Testing

/// Issue 43: a time-lapse whose camera delivers too few frames skips every shot. Such a run
/// is not "ok": exit 1, status `nothing-filed` in `--json`, MQTT and the closing line; the
/// skipped shots are counted in the metrics and the last success does not move; each
/// lateness warning names the camera's rate and what to change.
@Suite(.serialized) struct NothingFiledTests {
    /// A frame every 2 s, shots every 100 ms: after shot 0 comes due, the next frame is 2 s
    /// away, and the four shots (0.4 s) are all more than a period late before it comes.
    static let slowCamera = "test:?size=320x180&fps=0.5"
    static let fastCamera = "test:?size=320x180&fps=30&pace=fast"
    static let lastSuccess = #"camsched_job_last_success_timestamp_seconds{job="tl"}"#
    static let skippedShots = #"camsched_shots_skipped_total{job="tl"}"#

    static func job(device: String, broker: String) -> String {
        """
        {"name": "tl", "camera": {"device": "\(device)", "warmup": "0s"},
         "capture": {"interval": {"every": "100ms", "count": 4}},
         "output": {"root": "out", "path": "{job}/{job}-{seq}"},
         "mqtt": {"broker": "\(broker)", "topicPrefix": "nf/node"}}
        """
    }

    @Test func aRunThatFiledNoneOfItsShotsExitsOneAndKeepsTheLastSuccess() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        let sub = try MQTTSubscription(broker, filter: "nf/node/#", dir: dir)
        let metricsFile = dir.file("tl.prom")

        // A normal run first: exit 0, "ok", nothing skipped, the last success set.
        let good = try dir.write("good.json", Self.job(device: Self.fastCamera, broker: broker.url))
        let ok = try CamschedBinary.run(["run", good.path, "--json", "--no-progress", "--metrics-file", metricsFile.path])
        #expect(ok.status == 0, "\(ok.stderr)")
        let okDone = try #require(JobFixtures.events(ok.stdout).last)
        #expect(okDone["event"] as? String == "done" && okDone["status"] as? String == "ok" && okDone["skipped"] as? Int == 0)
        let first = try MetricsFileText(contentsOf: metricsFile)
        #expect(first.value(Self.skippedShots) == 0, "\(first.text)")
        let success = try #require(first.value(Self.lastSuccess))
        #expect(success > 0)

        // The slow camera: every shot skipped, nothing filed.
        let slow = try dir.write("slow.json", Self.job(device: Self.slowCamera, broker: broker.url))
        let result = try CamschedBinary.run(["run", slow.path, "--json", "--no-progress", "--metrics-file", metricsFile.path])
        #expect(result.status == 1, "\(result.stderr)")
        let events = JobFixtures.events(result.stdout)
        let done = try #require(events.last)
        #expect(done["event"] as? String == "done")
        #expect(done["status"] as? String == "nothing-filed", "\(done)")
        #expect(done["exitCode"] as? Int == 1 && done["stills"] as? Int == 0 && done["skipped"] as? Int == 4, "\(done)")
        #expect(JobFixtures.filed(dir, ext: "jpg").count == 4, "only the normal run's stills")

        // Each warning says what it measured and what to change.
        let warnings = events.filter { $0["event"] as? String == "warning" }.compactMap { $0["message"] as? String }
        #expect(!warnings.isEmpty && warnings.allSatisfy { $0.contains("skipped") && $0.contains("0.5 fps") && $0.contains("every") },
                "\(warnings)")
        #expect(warnings.allSatisfy { $0.contains("capture.interval.every") && $0.contains("camera.fps") }, "\(warnings)")
        let closing = result.stderr.split(separator: "\n").filter { $0.contains("nothing filed") }
        #expect(closing.count == 1 && closing[0].contains("4 shot(s)") && closing[0].contains("exit 1"), "\(result.stderr)")

        // The metrics: the skipped shots counted exactly, the last success where it was.
        let second = try MetricsFileText(contentsOf: metricsFile)
        #expect(second.value(Self.skippedShots) == 4, "\(second.text)")
        #expect(second.value(Self.lastSuccess) == success, "\(second.text)")
        #expect(second.value(#"camsched_job_failures_total{job="tl"}"#) == 1)
        #expect(second.value(#"camsched_job_runs_total{job="tl"}"#) == 2)
        let check = try MetricsFileText.promtool(metricsFile)
        #expect(check.status == 0 && check.output.isEmpty, "promtool: \(check.output)")

        // MQTT's done says the same.
        let messages = sub.wait { $0.filter { $0.topic == "nf/node/tl/event/done" }.count == 2 }
        let finished = messages.filter { $0.topic == "nf/node/tl/event/done" }.map(\.json)
        #expect(finished.map { $0["status"] as? String } == ["ok", "nothing-filed"], "\(sub.text)")
        #expect(finished.last?["exitCode"] as? Int == 1 && finished.last?["skipped"] as? Int == 4)
    }
}
