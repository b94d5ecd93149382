import Foundation
import Testing
@testable import CamschedJobs

/// The `mqtt` block as `validate` reads it: the broker URL, names checked for MQTT's rules, the
/// password only from a file of mode 600 or a variable, and never quoted back.
@Suite struct MQTTJobValidationTests {
    func load(_ mqtt: String, environment: [String: String] = [:], folder: URL? = nil) -> (MQTTSpec?, String) {
        let json = """
            {"name": "yard", "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "out"}, "mqtt": \(mqtt)}
            """
        let source = (folder ?? URL(fileURLWithPath: "/tmp")).appendingPathComponent("job.json")
        do {
            let job = try JobLoader.load(data: Data(json.utf8), sourceURL: source, environment: environment)
            return (job.mqtt, "")
        } catch {
            return (nil, error.description)
        }
    }

    @Test func defaultsAndABrokerURL() throws {
        let spec = try #require(load(#"{"broker": "mqtts://[::1]"}"#).0)
        #expect(spec.broker == MQTTBrokerURL(host: "::1", port: 8883, tls: true))
        #expect(spec.allowCommands == false && spec.homeAssistant == false && spec.discoveryPrefix == "homeassistant")
        #expect(spec.topicPrefix == nil && spec.clientID == nil)
        #expect(try #require(load(#"{"broker": "mqtt://broker.lan"}"#).0).broker.port == 1883)
    }

    @Test(arguments: [
        (#"{"broker": "http://h"}"#, "is not an MQTT URL"),
        (#"{"broker": "mqtt://h:0"}"#, "port outside"),
        (#"{"broker": "mqtt://h:99999"}"#, "port outside"),
        (#"{"broker": "mqtt://h/x"}"#, "must not have a path"),
        (#"{"broker": "mqtt://"}"#, "no valid host"),
        (#"{"brokr": "mqtt://h"}"#, "did you mean \"broker\""),
        (#"{"broker": "mqtt://h", "topicPrefix": "a/+/b"}"#, "wildcards"),
        (#"{"broker": "mqtt://h", "topicPrefix": "/a"}"#, "must not start or end"),
        (#"{"broker": "mqtt://h", "discoveryPrefix": ""}"#, "must not be empty"),
        (#"{"broker": "mqtt://h", "clientId": "a/b"}"#, "client id"),
        (#"{"broker": "mqtt://h", "allowCommands": "yes"}"#, "true or false"),
        (#"{"broker": "mqtt://h", "caFile": "ca.pem"}"#, "a CA file is for TLS"),
        (#"{"broker": "mqtt://h", "password": {"environment": "X"}}"#, "needs a \"username\""),
        (#"{"broker": "mqtt://h", "username": "u", "password": {"environment": "NOT_SET_HERE"}}"#, "NOT_SET_HERE is not set"),
    ])
    func badValuesAreRefusedWithTheReason(mqtt: String, expected: String) {
        let (spec, message) = load(mqtt)
        #expect(spec == nil)
        #expect(message.contains(expected), "\(message)")
    }

    @Test func aHugeTopicPrefixIsRefused() {
        let (_, message) = load(#"{"broker": "mqtt://h", "topicPrefix": "\#(String(repeating: "a", count: 5000))"}"#)
        #expect(message.contains("longer than 200 bytes"), "\(message)")
    }

    @Test func aPasswordIsNeverInTheJobNorRepeated() {
        let secret = "hunter2-\(UUID().uuidString)"
        let (spec, message) = load(#"{"broker": "mqtt://h", "username": "u", "password": "\#(secret)"}"#)
        #expect(spec == nil && message.contains("never written in the job file"), "\(message)")
        #expect(!message.contains(secret))
        let (_, inURL) = load(#"{"broker": "mqtt://u:\#(secret)@h"}"#)
        #expect(inURL.contains("must not hold a user or password") && !inURL.contains(secret), "\(inURL)")
    }

    @Test func aPasswordFileMustBeClosedToOthers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("password")
        try "s3cret\n".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o644)
        let (open, message) = load(#"{"broker": "mqtt://h", "username": "u", "password": {"file": "password"}}"#, folder: folder)
        #expect(open == nil && message.contains("chmod 600") && !message.contains("s3cret"), "\(message)")
        chmod(file.path, 0o600)
        let spec = try #require(load(#"{"broker": "mqtt://h", "username": "u", "password": {"file": "password"}}"#, folder: folder).0)
        #expect(spec.password == .file(file.path))
        #expect(try spec.password?.load(environment: [:]) == "s3cret")
    }
}
