import CamschedTestSupport
import Foundation
import Testing

/// Home Assistant MQTT discovery against a real mosquitto: the retained configs a job's device
/// gets, checked with Home Assistant's own discovery schemas (scripts/ha-discovery-check.py in
/// the Home Assistant that scripts/install-deps.sh puts in .cache/homeassistant), the latest
/// still's bytes on the camera's image topic, the state members the sensors read, and the
/// daemon announcing each job's device (motion sensor and buttons as the job has them) before
/// its first run.
@Suite(.serialized) struct HomeAssistantDiscoveryTests {
    static let checker = CamschedBinary.repository.appendingPathComponent(".cache/homeassistant/bin/python").path

    static func job(_ name: String, broker: String, kind: String = #""interval": {"every": "100ms", "count": 3}"#,
                    commands: Bool, schedule: String = "") -> String {
        """
        {"name": "\(name)", "camera": {"device": "test:?size=320x180&fps=30&pace=fast", "warmup": "0s"},
         "capture": {\(kind)}, "output": {"root": "../out"}\(schedule),
         "mqtt": {"broker": "\(broker)", "topicPrefix": "test/node", "homeAssistant": true, "allowCommands": \(commands)}}
        """
    }

    /// The broker's retained messages under `filters`: topic → payload bytes.
    static func retained(_ broker: MosquittoBroker, _ filters: [String]) throws -> [String: [UInt8]] {
        let arguments = ["-h", "127.0.0.1", "-p", "\(broker.port)", "--retained-only", "-W", "1", "-F", "%t %x"]
            + filters.flatMap { ["-t", $0] }
        // -W ends it with SIGALRM: ProcessRunner starts it with no signal blocked.
        let result = try ProcessRunner.run("/usr/bin/mosquitto_sub", arguments, timeout: 20)
        var messages: [String: [UInt8]] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            let hex = parts.count > 1 ? Array(parts[1].utf8) : []
            messages[String(parts[0])] = stride(from: 0, to: hex.count - 1, by: 2).compactMap {
                UInt8(String(decoding: hex[$0...$0 + 1], as: UTF8.self), radix: 16)
            }
        }
        return messages
    }

    /// Runs Home Assistant's schemas over the configs; its JSON summary.
    static func homeAssistantCheck(_ configs: [String: [UInt8]], in dir: TemporaryDirectory) throws -> (Int32, [String: Any], String) {
        let list = configs.map { ["topic": $0.key, "payload": String(decoding: $0.value, as: UTF8.self)] }
        let file = dir.file("discovery.json")
        try JSONSerialization.data(withJSONObject: list).write(to: file)
        let script = CamschedBinary.repository.appendingPathComponent("scripts/ha-discovery-check.py").path
        let result = try ProcessRunner.run(checker, [script, file.path])
        let summary = result.stdout.split(separator: "\n").last.map(String.init) ?? "{}"
        let json = (try? JSONSerialization.jsonObject(with: Data(summary.utf8))) as? [String: Any] ?? [:]
        return (result.status, json, result.stdout + result.stderr)
    }

    @Test func anIntervalJobBecomesADeviceThatHomeAssistantAccepts() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        let jobFile = try dir.write("jobs/garden.json", Self.job("garden", broker: broker.url, commands: true))
        let run = try CamschedBinary.run(["run", jobFile.path, "--no-progress"], environment: ["CAMSCHED_NODE": "node"])
        #expect(run.status == 0, "\(run.stderr)")

        let configs = try Self.retained(broker, ["homeassistant/#"])
        #expect(configs.keys.sorted() == [
            "homeassistant/button/node/garden_run/config", "homeassistant/button/node/garden_snapshot/config",
            "homeassistant/camera/node/garden_still/config",
            "homeassistant/sensor/node/garden_files_today/config",
            "homeassistant/sensor/node/garden_fps/config",
            "homeassistant/sensor/node/garden_free_space/config",
            "homeassistant/sensor/node/garden_last_file/config",
            "homeassistant/sensor/node/garden_pressure/config",
        ], "\(configs.keys.sorted())")
        let (status, summary, output) = try Self.homeAssistantCheck(configs, in: dir)
        #expect(status == 0 && summary["checked"] as? Int == 8, "\(output)")

        // The sensors' templates read members the retained state document has.
        let topics = try Self.retained(broker, ["test/node/garden/#"])
        let stateBytes = try #require(topics["test/node/garden/state"])
        let state = try #require(try JSONSerialization.jsonObject(with: Data(stateBytes)) as? [String: Any])
        for (topic, payload) in configs {
            let config = try #require(try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any])
            #expect(config["availability_topic"] as? String == "test/node/garden/availability")
            guard let template = config["value_template"] as? String else { continue }
            let member = template.replacingOccurrences(of: "{{ value_json.", with: "").replacingOccurrences(of: " }}", with: "")
            #expect(state.keys.contains(member), "\(topic) reads \(member), not in \(state)")
        }
        #expect(state["filesToday"] as? Int == 3)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(iso.date(from: state["lastFileAt"] as? String ?? "") != nil, "a timestamp sensor needs ISO 8601 with a zone")
        // The camera shows the last still filed, byte for byte.
        let stills = dir.files().filter { $0.hasPrefix("out/") && $0.hasSuffix(".jpg") }.sorted()
        #expect(stills.count == 3)
        let lastPath = try #require(stills.last)
        let last = try Data(contentsOf: dir.file(lastPath))
        #expect(topics["test/node/garden/image"] == Array(last))
    }

    @Test func theDaemonAnnouncesEachJobsDeviceBeforeItRuns() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        let yearly = #", "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}"#
        try dir.write("jobs/door.json", Self.job("door", broker: broker.url, kind: #""trigger": {"external": true, "preRoll": "1s", "postRoll": "1s", "duration": "3s"}"#,
                                                 commands: true, schedule: yearly))
        try dir.write("jobs/shed.json", Self.job("shed", broker: broker.url, commands: false, schedule: yearly))
        let process = try ProcessRunner.start(CamschedBinary.path, ["daemon", dir.file("jobs").path],
                                              environment: ["CAMSCHED_NODE": "node"], stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { process.terminate() } }
        var configs: [String: [UInt8]] = [:]
        // Announced when the daemon schedules the jobs, before either runs.
        Wait.until(seconds: 15, every: 0.5) {
            configs = (try? Self.retained(broker, ["homeassistant/#"])) ?? [:]
            return configs.count == 16
        }
        let door = configs.keys.filter { $0.contains("/door_") }.sorted()
        #expect(door == [
            "homeassistant/binary_sensor/node/door_motion/config",
            "homeassistant/button/node/door_run/config", "homeassistant/button/node/door_snapshot/config",
            "homeassistant/button/node/door_trigger/config",
            "homeassistant/camera/node/door_still/config",
            "homeassistant/sensor/node/door_files_today/config", "homeassistant/sensor/node/door_fps/config",
            "homeassistant/sensor/node/door_free_space/config", "homeassistant/sensor/node/door_last_file/config",
            "homeassistant/sensor/node/door_pressure/config",
        ], "\(configs.keys.sorted())")
        #expect(configs.keys.filter { $0.contains("/shed_") }.count == 6, "no buttons without allowCommands")
        let (status, summary, output) = try Self.homeAssistantCheck(configs, in: dir)
        #expect(status == 0 && summary["checked"] as? Int == 16, "\(output)")
        // A job removed from the daemon takes its device with it; the other job's stays.
        try FileManager.default.removeItem(at: dir.file("jobs/shed.json"))
        kill(process.processIdentifier, SIGHUP)
        Wait.until(seconds: 15, every: 0.5) {
            configs = (try? Self.retained(broker, ["homeassistant/#"])) ?? [:]
            return configs.count == 10
        }
        #expect(configs.keys.sorted() == door, "\(configs.keys.sorted())")
        let left = try Self.retained(broker, ["test/node/shed/#"])
        #expect(left.keys.sorted() == ["test/node/shed/availability", "test/node/shed/state"], "\(left.keys.sorted())")
    }
}
