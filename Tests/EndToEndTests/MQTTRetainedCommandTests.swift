import CamschedTestSupport
import Foundation
import Testing

/// Commands that outsiders can repeat at will, against a real mosquitto: a retained command
/// (stored by the broker and handed to every new subscription) is never carried out, and a
/// flood of accepted commands is a folded line in the log, not a line each.
@Suite(.serialized) struct MQTTRetainedCommandTests {
    static func daemon(_ dir: TemporaryDirectory, _ broker: MosquittoBroker, prefix: String) throws -> (ChildProcess, () -> String) {
        try dir.write("jobs/door.json", """
            {"name": "door", "camera": {"device": "test:?size=320x180&fps=15", "warmup": "0s"},
             "capture": {"trigger": {"external": true, "preRoll": "1s", "postRoll": "1s", "duration": "20s", "preset": "ultrafast"}},
             "output": {"root": "../out"}, "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"},
             "mqtt": {"broker": "\(broker.url)", "topicPrefix": "\(prefix)", "allowCommands": true}}
            """)
        let daemon = try ProcessRunner.start(CamschedBinary.path, ["daemon", dir.file("jobs").path],
                                             stdout: dir.file("daemon.out"), stderr: dir.file("daemon.err"))
        return (daemon, { (try? String(contentsOf: dir.file("daemon.err"), encoding: .utf8)) ?? "" })
    }

    @Test func aRetainedRunCommandIsIgnoredAndSaidOnce() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        let sub = try MQTTSubscription(broker, filter: "ret/#", dir: dir)
        // Stored before camsched subscribes: the broker hands it over at the subscription.
        // Not empty: an empty retained message clears the topic instead.
        try broker.publish("ret/door/command/run", "go", retain: true)
        let (daemon, log) = try Self.daemon(dir, broker, prefix: "ret")
        defer { if daemon.isRunning { daemon.terminate() } }
        #expect(Wait.until(seconds: 30) { log().contains("retained command \"run\"") }, "\(log())")
        // A command sent now, without the retain flag, is carried out: the only run.
        try broker.publish("ret/door/command/run", "")
        _ = sub.wait { $0.contains { $0.topic == "ret/door/event/start" } }
        daemon.terminate()
        #expect(Wait.until(seconds: 20) { !daemon.isRunning })
        let started = sub.messages.filter { $0.topic == "ret/door/event/start" }
        #expect(started.count == 1, "\(sub.text)\n\(log())")
        let commands = sub.messages.filter { $0.topic == "ret/door/event/command" }
        #expect(commands.count == 1 && commands.first?.json["accepted"] as? Bool == true, "\(commands.map(\.text))")
        let said = log().components(separatedBy: "\n").filter { $0.contains("retained command") }
        #expect(said.count == 1, "\(said)")
        #expect(said.first?.contains("mosquitto_pub -t 'ret/door/command/run' -r -n") == true, "\(said)")
    }

    @Test func aFloodOfAcceptedCommandsIsFoldedInTheLog() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        let sub = try MQTTSubscription(broker, filter: "flood/#", dir: dir)
        let (daemon, log) = try Self.daemon(dir, broker, prefix: "flood")
        defer { if daemon.isRunning { daemon.terminate() } }
        _ = sub.wait { $0.contains { $0.topic == "flood/door/availability" && $0.text == "online" } }
        try broker.publish("flood/door/command/run", "")
        _ = sub.wait { $0.contains { $0.topic == "flood/door/event/start" } }
        // A trigger counts once the recorder runs: send one until it is accepted.
        let isAccepted = { (message: MQTTSubscription.Message) in
            message.topic == "flood/door/event/command" && message.json["command"] as? String == "trigger" && message.json["accepted"] as? Bool == true
        }
        #expect(Wait.until(seconds: 20) {
            try? broker.publish("flood/door/command/trigger", "")
            return sub.wait(seconds: 1) { $0.contains(where: isAccepted) }.contains(where: isAccepted)
        }, "\(log())")
        let before = sub.messages.filter(isAccepted).count
        let flood = 500
        try broker.flood("flood/door/command/trigger", count: flood, dir: dir)
        let all = sub.wait(seconds: 60) { $0.filter(isAccepted).count >= before + flood }.filter(isAccepted).count
        #expect(all == before + flood, "\(all - before) of \(flood) accepted")
        daemon.terminate()
        #expect(Wait.until(seconds: 20) { !daemon.isRunning })
        // Every accepted trigger is in the log, as a line or in a fold's count.
        let lines = log().components(separatedBy: "\n").filter { $0.contains("command \"trigger\": external event sent") }
        let counted = lines.reduce(0) { sum, line in
            guard let range = line.range(of: "repeated ") else { return sum + 1 }
            let rest = line[range.upperBound...]
            return sum + (rest.hasPrefix("once more") ? 1 : Int(rest.prefix { $0.isNumber }) ?? 0)
        }
        #expect(counted == all, "\(lines)")
        #expect(lines.count <= 6, "\(lines.count) lines for \(all) commands: \(lines.prefix(10))")
    }
}
