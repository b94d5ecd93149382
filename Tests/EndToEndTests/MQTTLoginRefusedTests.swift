import CamschedTestSupport
import Foundation
import Testing

/// Issue 43: a broker that refuses the login (wrong user or password, not authorised) was
/// reported as a broker that is away, naming neither the user nor the password's source, and
/// the run exited 0. It is now one error line naming both and the fix, and the run fails
/// (exit 1, counted in the metrics); a broker that is away is still a warning.
@Suite(.serialized) struct MQTTLoginRefusedTests {
    static func job(broker: String, login: String) -> String {
        """
        {"name": "yard", "camera": {"device": "test:?size=320x180&fps=30&pace=fast", "warmup": "0s"},
         "capture": {"interval": {"every": "100ms", "count": 2}},
         "output": {"root": "out"},
         "mqtt": {"broker": "\(broker)", "topicPrefix": "refused/node"\(login)}}
        """
    }

    /// The lines of `stderr` that say the login was refused.
    static func refusals(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.contains("refused the login") }
    }

    @Test func aWrongPasswordFromAFileIsOneErrorNamingTheUserAndTheFileAndFailsTheRun() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir, users: ["cam": "right-one"])
        let wrong = "wrong-\(UUID().uuidString.prefix(6))"
        let passwordFile = try dir.write("mqtt-password", wrong + "\n")
        chmod(passwordFile.path, 0o600)
        let jobFile = try dir.write("job.json", Self.job(broker: broker.url, login: #", "username": "cam", "password": {"file": "mqtt-password"}"#))
        let metrics = dir.file("yard.prom")
        let result = try CamschedBinary.run(["run", jobFile.path, "--json", "--no-progress", "--metrics-file", metrics.path])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = Self.refusals(result.stderr)
        #expect(lines.count == 1, "one line: \(result.stderr)")
        let line = try #require(lines.first)
        #expect(line.contains("error:") && line.contains("\"cam\"") && line.contains(passwordFile.path), "\(line)")
        #expect(line.contains("mosquitto_passwd"), "says how to fix it: \(line)")
        #expect(!result.stderr.contains("when the broker is back"), "not a broker that is away: \(result.stderr)")
        #expect(!result.stderr.contains(wrong) && !result.stdout.contains(wrong), "the password is never shown")
        #expect(dir.files().filter { $0.hasPrefix("out/") && $0.hasSuffix(".jpg") }.count == 2, "the stills are filed all the same")

        let done = try #require(JobFixtures.events(result.stdout).last)
        #expect(done["event"] as? String == "done" && done["status"] as? String == "failed" && done["exitCode"] as? Int == 1, "\(done)")
        let failures = done["failures"] as? [String] ?? []
        #expect(failures.count == 1 && failures[0].contains("refused the login"), "\(failures)")

        let text = try MetricsFileText(contentsOf: metrics)
        #expect(text.value(#"camsched_job_failures_total{job="yard"}"#) == 1, "\(text.text)")
        #expect(text.value(#"camsched_job_last_success_timestamp_seconds{job="yard"}"#) == 0, "\(text.text)")
    }

    @Test func aPasswordFromTheEnvironmentAndNoLoginAtAllAreNamedToo() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir, users: ["cam": "right-one"])
        let fromVariable = try dir.write("variable.json", Self.job(broker: broker.url, login: #", "username": "cam""#))
        let variable = try CamschedBinary.run(["run", fromVariable.path, "--no-progress"],
                                              environment: ["CAMSCHED_MQTT_PASSWORD": "not-it"])
        #expect(variable.status == 1, "\(variable.stderr)")
        let lines = Self.refusals(variable.stderr)
        #expect(lines.count == 1 && lines[0].contains("\"cam\"") && lines[0].contains("CAMSCHED_MQTT_PASSWORD"), "\(variable.stderr)")

        let anonymous = try dir.write("anonymous.json", Self.job(broker: broker.url, login: ""))
        let none = try CamschedBinary.run(["run", anonymous.path, "--no-progress"])
        #expect(none.status == 1, "\(none.stderr)")
        let refused = none.stderr.split(separator: "\n").filter { $0.contains("refused the connection without a login") }
        #expect(refused.count == 1 && refused[0].contains("mqtt.username"), "\(none.stderr)")
    }

    @Test func aBrokerThatIsAwayIsStillAWarningAndTheRunSucceeds() throws {
        let dir = try TemporaryDirectory()
        let port = try MosquittoBroker.freePort()
        let jobFile = try dir.write("job.json", Self.job(broker: "mqtt://127.0.0.1:\(port)", login: ""))
        let result = try CamschedBinary.run(["run", jobFile.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning:") && result.stderr.contains("when the broker is back"), "\(result.stderr)")
        #expect(!result.stderr.contains("error:"), "\(result.stderr)")
    }
}
