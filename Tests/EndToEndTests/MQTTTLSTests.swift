import CamschedTestSupport
import Foundation
import Testing

/// MQTT over TLS (`mqtts://` with `caFile`) against a real mosquitto whose TLS listener has a
/// certificate signed by a CA of the test's own: a run's events arrive through it; with a CA
/// that did not sign the broker's certificate nothing is sent, the log says why, the stills are
/// filed all the same, and the events wait in the queue until a run that trusts the right CA.
@Suite(.serialized) struct MQTTTLSTests {
    static func job(broker: MosquittoBroker, caFile: String) -> String {
        MQTTEventTests.job(broker: broker.url, extra: #", "caFile": "\#(caFile)""#, count: 2)
    }

    static func eventTopics(_ messages: [MQTTSubscription.Message]) -> [String] {
        messages.filter { $0.topic.hasPrefix("test/node/yard/event/") }.map { String($0.topic.split(separator: "/").last ?? "") }
    }

    @Test func eventsGoThroughTLSAndWaitWhenTheBrokersCertificateIsNotTrusted() throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir, tls: true)
        let sub = try MQTTSubscription(broker, filter: "test/node/#", dir: dir)
        // A CA of its own that signed nothing the broker shows.
        let stranger = try MosquittoBroker(dir: dir, tls: true)
        stranger.stop()

        let untrusting = try dir.write("untrusting.json", Self.job(broker: broker, caFile: stranger.caFile.path))
        let refused = try CamschedBinary.run(["run", untrusting.path, "--no-progress"])
        #expect(refused.status == 0, "the stills do not depend on the broker: \(refused.stderr)")
        #expect(refused.stderr.contains("MQTT") && refused.stderr.lowercased().contains("tls"), "\(refused.stderr)")
        #expect(refused.stderr.contains("events wait in the queue"), "\(refused.stderr)")
        let stills = dir.files().filter { $0.hasPrefix("out/") && $0.hasSuffix(".jpg") }
        #expect(stills.count == 2, "\(stills)")
        #expect(Self.eventTopics(sub.messages).isEmpty, "nothing went to a broker that was not trusted: \(sub.text)")

        let trusting = try dir.write("trusting.json", Self.job(broker: broker, caFile: broker.caFile.path))
        let sent = try CamschedBinary.run(["run", trusting.path, "--no-progress"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let messages = sub.wait { $0.filter { $0.topic == "test/node/yard/event/done" }.count == 2 }
        // The first run's events first, in order, then the second run's, each once.
        let run = ["start", "capture", "capture", "done"]
        #expect(Self.eventTopics(messages) == run + run, "\(sub.text)")
        let ids = messages.filter { $0.topic.hasPrefix("test/node/yard/event/") }.compactMap { $0.json["id"] as? String }
        #expect(Set(ids).count == 8, "\(ids)")
        #expect(dir.files().filter { $0.hasPrefix("out/") && $0.hasSuffix(".jpg") }.count == 4)
    }
}
