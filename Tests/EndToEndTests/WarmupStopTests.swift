import CamschedTestSupport
import Foundation
import Testing

/// SIGTERM (or SIGINT) during a long warm-up stops the run within the 2 s shutdown budget: the
/// warm-up watches the stop signal, the run row is closed, and nothing is left half-filed.
@Suite struct WarmupStopTests {
    static func job(capture: String, device: String = "test:?size=320x180&fps=30") -> String {
        """
        {"name": "w", "camera": {"device": "\(device)", "warmup": "15s"},
         "capture": \(capture),
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """
    }

    /// Starts `job`, waits for its `start` event and a second more (inside the warm-up), sends
    /// `signal` and returns the exit status and how long the process took to end after it.
    static func stopInWarmup(_ dir: TemporaryDirectory, job text: String, signal: Int32) throws -> (Int32, Double) {
        let job = try dir.write("w.json", text)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              environment: ["CAMSCHED_PRESSURE_SOURCES": "file"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        Wait.until(seconds: 30) { !process.isRunning || Wait.forEvent("start", in: dir.file("o.txt"), seconds: 0) != nil }
        // One second into the 15 s warm-up: time is the scenario here.
        Thread.sleep(forTimeInterval: 1)
        let sent = Date()
        kill(process.processIdentifier, signal)
        Wait.until(seconds: 20) { !process.isRunning }
        let took = Date().timeIntervalSince(sent)
        process.waitUntilExit()
        return (process.terminationStatus, took)
    }

    static func checkNothingHalfFiled(_ dir: TemporaryDirectory, code: Int32) throws {
        let files = dir.files().filter { $0.hasPrefix("out/") }
        #expect(files.filter { $0.hasSuffix(".partial") || $0.hasSuffix(".mp4") || $0.hasSuffix(".jpg") }.isEmpty, "\(files)")
        let runs = try CamschedBinary.run(["catalog", "runs", "--json", "--root", dir.file("out").path])
        let rows = JobFixtures.events(runs.stdout)
        // Closed by the run itself: ended, with its exit code (a row left open by a killed
        // process has neither, and `recordedStatus` says `running`).
        #expect(rows.count == 1, "\(runs.stdout)")
        for row in rows {
            #expect(row["endedAt"] != nil && row["exitCode"] as? Int == Int(code) && row["recordedStatus"] == nil,
                    "the run row is closed: \(runs.stdout)")
        }
        let stdout = (try? String(contentsOf: dir.file("o.txt"), encoding: .utf8)) ?? ""
        #expect(stdout.contains("\"done\""), "the run ends with its summary")
    }

    @Test(arguments: [
        ("{\"record\": {\"duration\": \"30s\", \"preset\": \"ultrafast\"}}", SIGTERM, Int32(143)),
        ("{\"interval\": {\"every\": \"2s\", \"count\": 5}}", SIGTERM, Int32(143)),
        ("{\"trigger\": {\"external\": true, \"duration\": \"30s\", \"preset\": \"ultrafast\"}}", SIGINT, Int32(130)),
        ("{\"burst\": {\"count\": 3}}", SIGTERM, Int32(143)),
    ])
    func aStopDuringTheWarmupEndsTheRunWithinTwoSeconds(capture: String, signal: Int32, code: Int32) throws {
        let dir = try TemporaryDirectory()
        let (status, took) = try Self.stopInWarmup(dir, job: Self.job(capture: capture), signal: signal)
        #expect(status == code, "\((try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? "")")
        #expect(took < 2, "stopped \(took) s after the signal")
        try Self.checkNothingHalfFiled(dir, code: code)
    }

    /// A time-lapse that closes its camera between shots opens it again (and warms it up) just
    /// before each shot: a stop then also ends the warm-up at once.
    @Test func aStopDuringTheWarmupBeforeALaterShotEndsTheRunWithinTwoSeconds() throws {
        let dir = try TemporaryDirectory()
        let job = """
        {"name": "w", "camera": {"device": "test:?size=320x180&fps=30", "warmup": "15s"},
         "capture": {"interval": {"every": "1m", "count": 2, "keepOpen": false}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """
        let (status, took) = try Self.stopInWarmup(dir, job: job, signal: SIGTERM)
        #expect(status == 143, "\((try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? "")")
        #expect(took < 2, "stopped \(took) s after the signal")
        try Self.checkNothingHalfFiled(dir, code: 143)
    }
}
