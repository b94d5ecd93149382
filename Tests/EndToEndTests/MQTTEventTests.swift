import CamschedTestSupport
import Foundation
import Testing

/// A run's events over MQTT, against a real mosquitto on loopback: the documented topics and
/// members, in order, each file event matching the file on disk, the retained state and the
/// availability with its last will.
@Suite(.serialized) struct MQTTEventTests {
    static func job(broker: String, extra: String = "", count: Int = 5) -> String {
        """
        {"name": "yard", "camera": {"device": "test:?size=320x180&fps=30&pace=fast", "warmup": "0s"},
         "capture": {"interval": {"every": "100ms", "count": \(count)}},
         "output": {"root": "out"},
         "mqtt": {"broker": "\(broker)", "topicPrefix": "test/node"\(extra)}}
        """
    }

    static func sha256(_ url: URL) throws -> String {
        let result = try ProcessRunner.run("/usr/bin/sha256sum", [url.path])
        return String(result.stdout.prefix(64))
    }

    @Test func anIntervalRunPublishesItsEventsInOrderWithTheFilesOnDisk() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        let sub = try MQTTSubscription(broker, filter: "test/node/#", dir: dir)
        let jobFile = try dir.write("job.json", Self.job(broker: broker.url))
        let result = try CamschedBinary.run(["run", jobFile.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let messages = sub.wait { $0.contains { $0.topic == "test/node/yard/availability" && $0.text == "offline" } }
        let events = messages.filter { $0.topic.hasPrefix("test/node/yard/event/") }
        #expect(events.map(\.topic) == ["test/node/yard/event/start"] + Array(repeating: "test/node/yard/event/capture", count: 5)
                + ["test/node/yard/event/done"], "\(sub.text)")
        let ids = events.compactMap { $0.json["id"] as? String }
        #expect(Set(ids).count == 7 && ids.count == 7, "every event has a unique id")
        for event in events {
            #expect(event.json["job"] as? String == "yard")
            #expect((event.json["time"] as? String)?.hasSuffix("Z") == true)
        }
        var seqs: [Int] = []
        for event in events where event.topic.hasSuffix("/capture") {
            let json = event.json
            let path = try #require(json["file"] as? String)
            let file = dir.file("out/" + path)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
            #expect(json["bytes"] as? Int == size)
            #expect(json["sha256"] as? String == (try Self.sha256(file)))
            #expect(json["kind"] as? String == "still")
            seqs.append(json["seq"] as? Int ?? -1)
        }
        #expect(seqs == [1, 2, 3, 4, 5])
        let finished = try #require(events.last).json
        #expect(finished["exitCode"] as? Int == 0 && finished["stills"] as? Int == 5 && finished["filesTotal"] as? Int == 5)
        let state = try #require(messages.last { $0.topic == "test/node/yard/state" }).json
        #expect(state["state"] as? String == "idle" && state["stills"] as? Int == 5 && state["filesToday"] as? Int == 5)
        #expect((state["lastFileAt"] as? String)?.hasSuffix("Z") == true)
        #expect(state.keys.contains("fps") && state.keys.contains("pressure") && (state["freeBytes"] as? Int ?? 0) > 0)
        let availability = messages.filter { $0.topic == "test/node/yard/availability" }.map(\.text)
        #expect(availability == ["online", "offline"])

        // A second run (a cron run's next start) counts on: files today survive the process.
        _ = try CamschedBinary.run(["run", jobFile.path, "--no-progress"])
        let again = sub.wait { $0.filter { $0.topic == "test/node/yard/availability" }.count == 4 }
        let stateAgain = try #require(again.last { $0.topic == "test/node/yard/state" }).json
        #expect(stateAgain["filesToday"] as? Int == 10)
    }

    @Test func thePasswordFromAFileReachesTheBrokerAndNothingElse() throws {
        let dir = try TemporaryDirectory()
        let secret = "Zq7-\(UUID().uuidString.prefix(8))-pw"
        let broker = try MosquittoBroker(dir: dir, users: ["cam": secret, "watcher": "watch"])
        let sub = try MQTTSubscription(broker, filter: "test/node/#", dir: dir, user: ("watcher", "watch"))
        let passwordFile = try dir.write("mqtt-password", secret + "\n")
        chmod(passwordFile.path, 0o644)
        let jobFile = try dir.write("job.json", Self.job(broker: broker.url, extra: #", "username": "cam", "password": {"file": "mqtt-password"}"#))
        let open = try CamschedBinary.run(["validate", jobFile.path])
        #expect(open.status != 0 && open.stderr.contains("chmod 600"), "\(open.stderr)")
        chmod(passwordFile.path, 0o600)
        #expect(try CamschedBinary.run(["validate", jobFile.path]).status == 0)
        let result = try CamschedBinary.run(["run", jobFile.path, "--no-progress", "--log-level", "debug"])
        #expect(result.status == 0, "\(result.stderr)")
        let messages = sub.wait { $0.contains { $0.topic.hasSuffix("/event/done") } }
        #expect(messages.filter { $0.topic.hasSuffix("/event/capture") }.count == 5, "logged in: \(result.stderr)")

        // A wrong password: refused by the broker, said so, and the password is in no message.
        let wrong = try dir.write("wrong-password", "not-\(secret)")
        chmod(wrong.path, 0o600)
        let wrongJob = try dir.write("wrong.json", Self.job(broker: broker.url, extra: #", "username": "cam", "password": {"file": "wrong-password"}"#, count: 1))
        let refused = try CamschedBinary.run(["run", wrongJob.path, "--no-progress"])
        #expect(refused.stderr.contains("refused"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("not-\(secret)"))

        var seen = [result.stdout, result.stderr, refused.stdout, refused.stderr, open.stderr, sub.text]
        let enumerator = FileManager.default.enumerator(at: dir.file("out"), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path) { seen.append(String(decoding: data, as: UTF8.self)) }
        }
        #expect(seen.count > 10, "sidecars, the catalog and the MQTT queue were read")
        for text in seen { #expect(!text.contains(secret), "the password leaked") }
    }
}
