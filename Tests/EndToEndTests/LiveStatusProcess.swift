import CamschedTestSupport
import Foundation

/// A `camsched run|daemon --listen 127.0.0.1:0` in the background, with the port it chose.
final class LiveStatusProcess {
    let process: ChildProcess
    let port: Int
    let stderr: URL

    init(_ arguments: [String], in dir: TemporaryDirectory, environment: [String: String] = [:]) throws {
        stderr = dir.file("status-\(UUID().uuidString.prefix(6)).err")
        process = try ProcessRunner.start(CamschedBinary.path, arguments, environment: environment,
                                          stdout: dir.file("status.out"), stderr: stderr)
        var found: Int?
        let stderr = self.stderr, process = self.process
        Wait.until(seconds: 30) {
            let text = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"live status on http://[^:]+:(\d+)/"#, options: .regularExpression) {
                found = Int(text[range].split(separator: ":").last?.dropLast() ?? "")
            }
            return found != nil || !process.isRunning
        }
        guard let found else {
            if process.isRunning { process.terminate() }
            let text = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
            throw HTTPProbe.Failure(description: "camsched did not say where it listens: \(text)")
        }
        port = found
    }

    deinit { if process.isRunning { process.terminate() } }

    var log: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }

    func get(_ path: String, headers: [String: String] = [:]) throws -> HTTPReply {
        try HTTPProbe.request(port: port, path, headers: headers)
    }

    func post(_ path: String) throws -> HTTPReply {
        try HTTPProbe.request(port: port, path, method: "POST")
    }

    func statusJSON() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(try get("/api/status").body)) as? [String: Any] ?? [:]
    }

    func job(_ name: String) throws -> [String: Any] {
        ((try statusJSON()["jobs"] as? [[String: Any]]) ?? []).first { $0["name"] as? String == name } ?? [:]
    }

    /// Polls until `condition` holds (at most `seconds`), asking at most every 0.2 s: each ask
    /// is usually a request to the server.
    func wait(seconds: Double, until condition: () throws -> Bool) rethrows -> Bool {
        var nextAsk = Date.distantPast
        let held = try Wait.until(seconds: seconds) {
            guard Date() >= nextAsk else { return false }
            nextAsk = Date().addingTimeInterval(0.2)
            return try condition()
        }
        return try held || condition()
    }

    /// Waits until `job` has captured more frames than the `first` scrape of /metrics counted
    /// and the board has taken a chart sample (which sets the fps gauges); whether it did.
    @discardableResult
    func waitForFramesAndSample(job name: String, after first: [PrometheusText.Sample]) throws -> Bool {
        let counted = PrometheusText.value(first, "camsched_frames_captured_total", job: name) ?? 0
        return try wait(seconds: 15) {
            let status = try job(name)
            return Double(status["framesCaptured"] as? Int ?? 0) > counted && !((status["samples"] as? [Any]) ?? []).isEmpty
        }
    }

    /// Resident memory of the process in KiB (VmRSS).
    var residentKiB: Int {
        let text = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Stops with a signal and returns the exit status.
    func stop(_ signal: Int32 = SIGINT) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Prometheus' own text parser (prometheus-client's `text_string_to_metric_families`).
enum PrometheusText {
    struct Sample: Decodable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    static let script = """
        import json, sys
        from prometheus_client.parser import text_string_to_metric_families
        out = []
        for family in text_string_to_metric_families(sys.stdin.read()):
            for s in family.samples:
                out.append({"name": s.name, "labels": s.labels, "value": s.value})
        print(json.dumps(out))
        """

    static func parse(_ text: String, in dir: TemporaryDirectory) throws -> [Sample] {
        let input = try dir.write("metrics-\(UUID().uuidString.prefix(6)).txt", text)
        let result = try ProcessRunner.run("/bin/sh", ["-c", "python3 -c '\(script)' < '\(input.path)'"])
        guard result.status == 0 else { throw HTTPProbe.Failure(description: "the Prometheus parser refused /metrics: \(result.stderr)") }
        return try JSONDecoder().decode([Sample].self, from: Data(result.stdout.utf8))
    }

    static func value(_ samples: [Sample], _ name: String, job: String) -> Double? {
        samples.first { $0.name == name && $0.labels["job"] == job }?.value
    }
}
