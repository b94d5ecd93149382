import CamschedTestSupport
import Foundation
import Testing

/// Commands over MQTT to `camsched daemon`, against a real mosquitto: "run" starts a job now,
/// "trigger" makes a running trigger job file a clip, "snapshot" files one still between runs
/// (refused during one), and a job without `allowCommands` refuses them, saying so in the log
/// and on its command event topic.
@Suite(.serialized) struct MQTTCommandTests {
    @Test func runAndTriggerCommandsStartAJobAndFileAClipAndAJobWithoutPermissionRefuses() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        let sub = try MQTTSubscription(broker, filter: "cmd/#", dir: dir)
        // Scheduled once a year: only the command starts them.
        let mqtt = #""broker": "\#(broker.url)", "topicPrefix": "cmd""#
        try dir.write("jobs/door.json", """
            {"name": "door", "camera": {"device": "test:?size=320x180&fps=15", "warmup": "0s"},
             "capture": {"trigger": {"external": true, "preRoll": "1s", "postRoll": "1s", "duration": "30s", "preset": "ultrafast"}},
             "output": {"root": "../out"}, "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"},
             "mqtt": {\(mqtt), "allowCommands": true}}
            """)
        try dir.write("jobs/locked.json", """
            {"name": "locked", "camera": {"device": "test:?size=320x180&fps=15&pace=fast", "warmup": "0s"},
             "capture": {"interval": {"every": "100ms", "count": 2}},
             "output": {"root": "../out"}, "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"},
             "mqtt": {\(mqtt)}}
            """)
        let daemon = try ProcessRunner.start(CamschedBinary.path, ["daemon", dir.file("jobs").path],
                                             stdout: dir.file("daemon.out"), stderr: dir.file("daemon.err"))
        defer { if daemon.isRunning { daemon.terminate() } }
        let log = { (try? String(contentsOf: dir.file("daemon.err"), encoding: .utf8)) ?? "" }
        #expect(sub.wait { messages in ["door", "locked"].allSatisfy { job in messages.contains { $0.topic == "cmd/\(job)/availability" && $0.text == "online" } } }.count >= 2,
                "both jobs connected: \(log())")

        try broker.publish("cmd/locked/command/run", "")
        let refused = sub.wait { $0.contains { $0.topic == "cmd/locked/event/command" } }
        let answer = try #require(refused.first { $0.topic == "cmd/locked/event/command" }).json
        #expect(answer["accepted"] as? Bool == false && answer["command"] as? String == "run")
        #expect((answer["reason"] as? String)?.contains("allowCommands") == true)
        #expect(Wait.until(seconds: 5) { log().contains("command \"run\" refused") }, "\(log())")

        try broker.publish("cmd/door/command/run", "")
        let started = sub.wait { $0.contains { $0.topic == "cmd/door/event/start" } }
        #expect(started.contains { $0.topic == "cmd/door/event/command" && $0.json["accepted"] as? Bool == true }, "\(sub.text)\n\(log())")
        // The trigger counts once the job's recorder runs: send it until one is accepted.
        let accepted = Wait.until(seconds: 20) {
            try? broker.publish("cmd/door/command/trigger", "")
            return sub.wait(seconds: 1) { messages in
                messages.contains { $0.topic == "cmd/door/event/command" && $0.json["command"] as? String == "trigger" && $0.json["accepted"] as? Bool == true }
            }.contains { $0.json["command"] as? String == "trigger" && $0.json["accepted"] as? Bool == true }
        }
        #expect(accepted, "\(sub.text)\n\(log())")
        // The event's still comes first; the clip when it closes (postRoll after the event).
        let isClip = { (message: MQTTSubscription.Message) in message.topic == "cmd/door/event/segment" && message.json["kind"] as? String == "clip" }
        let filed = sub.wait(seconds: 20) { $0.contains(where: isClip) }
        let clip = try #require(filed.first(where: isClip), "\(sub.text)\n\(log())").json
        let path = try #require(clip["file"] as? String)
        #expect(FileManager.default.fileExists(atPath: dir.file("out/" + path).path))
        #expect(!sub.messages.contains { $0.topic == "cmd/locked/event/start" }, "the refused run never started")
        daemon.terminate()
        #expect(Wait.until(seconds: 20) { !daemon.isRunning })
    }

    @Test func aSnapshotFilesOneStillOfARecordingJobBetweenRunsAndIsRefusedDuringOne() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        let sub = try MQTTSubscription(broker, filter: "snap/#", dir: dir)
        try dir.write("jobs/yard.json", """
            {"name": "yard", "camera": {"device": "test:?size=352x288&fps=15", "warmup": "0s"},
             "capture": {"record": {"duration": "20s", "preset": "ultrafast"}},
             "output": {"root": "../out"}, "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"},
             "mqtt": {"broker": "\(broker.url)", "topicPrefix": "snap", "allowCommands": true}}
            """)
        let daemon = try ProcessRunner.start(CamschedBinary.path, ["daemon", dir.file("jobs").path],
                                             stdout: dir.file("daemon.out"), stderr: dir.file("daemon.err"))
        defer { if daemon.isRunning { daemon.terminate() } }
        let log = { (try? String(contentsOf: dir.file("daemon.err"), encoding: .utf8)) ?? "" }
        _ = sub.wait { $0.contains { $0.topic == "snap/yard/availability" && $0.text == "online" } }

        try broker.publish("snap/yard/command/snapshot", "")
        let finished = sub.wait(seconds: 20) { $0.contains { $0.topic == "snap/yard/event/done" } }
        let answer = try #require(finished.first { $0.topic == "snap/yard/event/command" }, "\(sub.text)\n\(log())").json
        #expect(answer["accepted"] as? Bool == true && answer["command"] as? String == "snapshot", "\(answer)")
        let files = finished.filter { $0.topic == "snap/yard/event/capture" }.map(\.json)
        #expect(files.map { $0["kind"] as? String } == ["still"], "\(sub.text)")
        // Exactly one still, filed as the job files (sidecar beside it), of the camera's size; no video.
        let filed = try FileManager.default.subpathsOfDirectory(atPath: dir.file("out").path)
        let stills = filed.filter { $0.hasSuffix(".jpg") }
        #expect(stills.count == 1 && !filed.contains { $0.hasSuffix(".mp4") }, "\(filed)")
        let still = try #require(stills.first)
        #expect(filed.contains(still + ".json"))
        let probe = try MediaProbe.probe(dir.file("out/" + still))
        #expect(probe.codec == "mjpeg" && probe.width == 352 && probe.height == 288)
        #expect(files.first?["file"] as? String == still)

        // While the job records, the camera is its run's: a snapshot is refused with the reason.
        try broker.publish("snap/yard/command/run", "")
        _ = sub.wait { $0.filter { $0.topic == "snap/yard/event/start" }.count == 2 }
        try broker.publish("snap/yard/command/snapshot", "")
        let refused = sub.wait { messages in
            messages.contains { $0.topic == "snap/yard/event/command" && $0.json["accepted"] as? Bool == false }
        }.first { $0.topic == "snap/yard/event/command" && $0.json["accepted"] as? Bool == false }
        #expect((refused?.json["reason"] as? String)?.contains("running") == true, "\(sub.text)")
        daemon.terminate()
        #expect(Wait.until(seconds: 20) { !daemon.isRunning })
    }
}
