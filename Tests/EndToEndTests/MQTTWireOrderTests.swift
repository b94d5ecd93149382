import CamschedTestSupport
import Foundation
import Testing

/// What a run sends its broker, in order: the command subscriptions before `online` (a command
/// sent on seeing `online` is not lost), `offline` once, and the DISCONNECT only after the broker
/// confirmed it (a broker that answers into a closed socket counts the connection as lost and
/// sends the last will as a second `offline`); and with a broker that stopped answering, the run
/// still ends within its few seconds and the events it could not confirm come with the next.
@Suite(.serialized) struct MQTTWireOrderTests {
    @Test func subscriptionsPrecedeOnlineAndTheDisconnectWaitsForOfflineToBeConfirmed() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        let proxy = try MQTTSlowProxy(broker: broker, delay: 0.3, dir: dir)
        let sub = try MQTTSubscription(broker, filter: "test/node/#", dir: dir)
        let jobFile = try dir.write("job.json", MQTTEventTests.job(broker: proxy.url, count: 2))
        let result = try CamschedBinary.run(["run", jobFile.path, "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let messages = sub.wait { $0.contains { $0.topic == "test/node/yard/availability" && $0.text == "offline" } }
        #expect(messages.filter { $0.topic.hasSuffix("/event/capture") }.count == 2)
        #expect(Wait.until(seconds: 5) { proxy.lines.contains("c2b DISCONNECT") }, "\(proxy.lines)")

        let lines = proxy.lines
        let online = try #require(lines.firstIndex { $0.hasPrefix("c2b PUBLISH") && $0.hasSuffix(" test/node/yard/availability online") }, "\(lines)")
        let subscribes = lines.indices.filter { lines[$0] == "c2b SUBSCRIBE" }
        #expect(subscribes.count == 3 && subscribes.allSatisfy { $0 < online }, "run, trigger and snapshot subscribed before online: \(lines)")
        let offline = try #require(lines.firstIndex { $0.hasPrefix("c2b PUBLISH") && $0.hasSuffix(" test/node/yard/availability offline") }, "\(lines)")
        let mid = lines[offline].split(separator: " ")[2]
        let confirmed = try #require(lines.firstIndex(of: "b2c PUBACK \(mid)"), "\(lines)")
        let disconnect = try #require(lines.firstIndex(of: "c2b DISCONNECT"))
        #expect(confirmed < disconnect, "DISCONNECT before the broker confirmed offline: \(lines)")
        #expect(lines.filter { $0.hasPrefix("c2b PUBLISH") && $0.hasSuffix(" offline") }.count == 1, "\(lines)")
        // Kept to the end, the broker's log says the camsched client left cleanly.
        #expect(Wait.until(seconds: 5) { broker.log.range(of: #"Client camsched-\S+ disconnected\.\n"#, options: .regularExpression) != nil }, "\(broker.log)")
        #expect(sub.messages.filter { $0.topic == "test/node/yard/availability" }.map(\.text) == ["online", "offline"])
    }

    @Test func aBrokerThatStopsAnsweringEndsTheRunInTimeAndGetsTheEventsLater() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        defer { broker.resume() }
        let sub = try MQTTSubscription(broker, filter: "test/node/#", dir: dir)
        // Shots 400 ms apart in real time: the broker is frozen before most of the run's events are sent.
        let job = MQTTEventTests.job(broker: broker.url).replacingOccurrences(of: "100ms", with: "400ms")
        let jobFile = try dir.write("job.json", job.replacingOccurrences(of: "&pace=fast", with: ""))
        let run = try ProcessRunner.start(CamschedBinary.path, ["run", jobFile.path, "--no-progress"],
                                          stdout: dir.file("run.out"), stderr: dir.file("run.err"))
        defer { if run.isRunning { run.terminate() } }
        #expect(sub.wait { $0.contains { $0.topic == "test/node/yard/availability" && $0.text == "online" } }.count > 0)
        broker.pause()
        let frozen = Date()
        #expect(Wait.until(seconds: 30) { !run.isRunning })
        let took = Date().timeIntervalSince(frozen)
        #expect(run.terminationStatus == 0)
        // 1.6 s of shots, 3 s for acknowledgements, at most 2 s for the goodbye.
        #expect(took >= 4 && took < 10, "\(took) s")
        broker.resume()
        let messages = sub.wait { $0.contains { $0.topic == "test/node/yard/availability" && $0.text == "offline" } }
        #expect(messages.last { $0.topic == "test/node/yard/availability" }?.text == "offline", "\(sub.text)")

        // The next run sends what the broker never confirmed: every event of the first run arrives.
        let again = try CamschedBinary.run(["run", jobFile.path, "--no-progress"])
        #expect(again.status == 0, "\(again.stderr)")
        let all = sub.wait { $0.filter { $0.topic == "test/node/yard/event/done" }.count == 2 }
        let files = all.filter { $0.topic == "test/node/yard/event/capture" }.compactMap { $0.json["id"] as? String }
        #expect(Set(files).count == 10, "5 files of each run, each at least once: \(sub.text)")
    }
}
