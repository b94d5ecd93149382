import CamschedTestSupport
import Foundation
import Testing

/// One run with `--json` and an `mqtt` block, against a real mosquitto: the same events in the
/// same order, with the same members of the same JSON types (MQTT adds its `id`), for a
/// time-lapse, a recording in segments and a run that warns.
@Suite(.serialized) struct RunEventDocumentTests {
    static func job(broker: String, capture: String, camera: String) -> String {
        """
        {"name": "same", "camera": {"device": "test:?size=320x180&fps=15&controls=none", "warmup": "0s"\(camera)},
         "capture": \(capture), "output": {"root": "out"},
         "mqtt": {"broker": "\(broker)", "topicPrefix": "doc/node"}}
        """
    }

    @Test(arguments: [
        (#"{"interval": {"every": "200ms", "count": 3}}"#, ""),
        (#"{"record": {"duration": "2s", "segment": "1s", "preset": "ultrafast"}}"#, ""),
        // Exposure asked of a camera without its controls: a warning.
        (#"{"record": {"duration": "1s", "preset": "ultrafast"}}"#, #", "exposure": "auto""#),
    ])
    func jsonLinesAndMQTTEventsAreTheSameDocuments(capture: String, camera: String) throws {
        let dir = try TemporaryDirectory()
        let broker = try MosquittoBroker(dir: dir)
        let sub = try MQTTSubscription(broker, filter: "doc/node/same/event/#", dir: dir)
        let jobFile = try dir.write("job.json", Self.job(broker: broker.url, capture: capture, camera: camera))
        let result = try CamschedBinary.run(["run", jobFile.path, "--json", "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = JobFixtures.events(result.stdout)
        let messages = withExtendedLifetime(broker) { sub.wait { $0.contains { $0.topic.hasSuffix("/event/done") } } }
        let published = messages.map(\.json)
        #expect(lines.count >= 3 && lines.compactMap { $0["event"] as? String } == published.compactMap { $0["event"] as? String },
                "\(result.stdout)\n\(sub.text)")
        #expect(!camera.isEmpty == lines.contains { $0["event"] as? String == "warning" }, "\(result.stdout)")
        #expect(messages.map(\.topic) == published.map { "doc/node/same/event/" + ($0["event"] as? String ?? "?") })
        for (line, message) in zip(lines, published) {
            #expect(Set(message.keys) == Set(line.keys).union(["id"]), "\(line) / \(message)")
            for (key, value) in line {
                #expect(Self.jsonType(value) == Self.jsonType(message[key] as Any), "\(key): \(value) / \(message[key] ?? "-")")
                #expect("\(value)" == "\(message[key] ?? "-")", "\(key) differs")
            }
        }
    }

    static func jsonType(_ value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is NSNumber: "number or bool"
        case is String: "string"
        case is [Any]: "array"
        case is [String: Any]: "object"
        default: "?"
        }
    }
}
