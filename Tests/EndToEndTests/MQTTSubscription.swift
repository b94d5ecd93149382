import CamschedTestSupport
import Foundation

/// `mosquitto_sub -v` on a topic filter, QoS 1, its lines collected in a file. With
/// `persistent`, its session (a fixed client id, no clean session) outlives a broker restart:
/// the broker queues what arrives while it is reconnecting.
final class MQTTSubscription {
    struct Message {
        let topic: String
        let text: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:] }
    }

    let output: URL
    private let process: ChildProcess

    init(_ broker: MosquittoBroker, filter: String, dir: TemporaryDirectory, persistent: Bool = false,
         user: (String, String)? = nil) throws {
        output = dir.file("sub-\(UUID().uuidString).txt")
        var arguments = broker.clientArguments + ["-q", "1", "-v", "-t", filter, "-t", "camsched-test/probe/#"]
        if persistent { arguments += ["-c", "-i", "camsched-test-\(getpid())-\(broker.port)"] }
        if let user { arguments += ["-u", user.0, "-P", user.1] }
        process = try ProcessRunner.start("/usr/bin/mosquitto_sub", arguments, stdout: output, stderr: dir.file("sub-errors.txt"))
        // The subscription is in place once a probe published after it comes back.
        let probe = "camsched-test/probe/\(UUID().uuidString)"
        guard Wait.until(seconds: 10, {
            try? broker.publish(probe, "probe", user: user)
            return self.text.contains(probe)
        }) else { throw BrokerError(text: "mosquitto_sub did not subscribe") }
    }

    deinit {
        process.terminate()
        _ = Wait.until(seconds: 5) { !process.isRunning }
    }

    /// What arrived; a binary payload (the latest still on `…/image`) is read with its bytes
    /// that are not UTF-8 replaced, so that it does not hide the messages around it.
    var text: String { (try? Data(contentsOf: output)).map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// Every message so far, in arrival order ("topic payload" lines; payloads are one line).
    var messages: [Message] {
        text.split(separator: "\n").compactMap { line in
            guard let space = line.firstIndex(of: " "), !line.hasPrefix("camsched-test/probe/") else { return nil }
            return Message(topic: String(line[..<space]), text: String(line[line.index(after: space)...]))
        }
    }

    /// Waits until `condition` holds for the messages (at most `seconds`).
    @discardableResult
    func wait(seconds: Double = 15, until condition: ([Message]) -> Bool) -> [Message] {
        var seen: [Message] = []
        Wait.until(seconds: seconds) {
            seen = messages
            return condition(seen)
        }
        return seen
    }
}
