import CamschedTestSupport
import Foundation
import Testing

/// Output nobody reads any more never stops capture, and a hang-up is a clean stop
/// (Documentation/resilience.md): `run … | head -c 1`, `2>&1 | head`, `>&- 2>&-`, SIGHUP.
@Suite struct UnreadOutputTests {
    /// Runs `script` under bash with `"$@"` = camsched and `arguments`, in `dir`.
    static func shell(_ script: String, _ arguments: [String], in dir: TemporaryDirectory) throws -> ProcessResult {
        try ProcessRunner.run("/bin/bash", ["-c", script, "bash", CamschedBinary.path] + arguments,
                              currentDirectory: dir.url, timeout: 60)
    }

    /// The one recording under `dir/out` is complete (2 s at 30 fps), described, and its run row
    /// is closed with `status`/`exitCode`.
    static func expectFiledRecording(in dir: TemporaryDirectory, frames: ClosedRange<Int>, status: String, exitCode: Int) throws {
        #expect(!dir.files().contains { $0.hasSuffix(".partial") }, "\(dir.files())")
        let videos = JobFixtures.filed(dir, ext: "mp4")
        #expect(videos.count == 1, "\(dir.files())")
        let video = try #require(videos.first)
        let probe = try MediaProbe.probe(video)
        #expect(frames.contains(probe.frames), "frames \(probe.frames), expected \(frames)")
        #expect(try JobFixtures.sidecar(video)["frames"] as? Int == probe.frames)
        let runs = JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--root", dir.file("out").path]).stdout)
        #expect(runs.count == 1)
        #expect(runs.first?["status"] as? String == status, "\(runs)")
        #expect(runs.first?["exitCode"] as? Int == exitCode, "\(runs)")
    }

    @Test func jsonIntoAReaderThatExitsStillRecordsToTheEnd() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "2s"))
        // head exits after one byte: every later JSON line meets a closed pipe (EPIPE, was SIGPIPE: exit 141).
        let result = try Self.shell(#""$@" | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}"#, ["run", job.path, "--json"], in: dir)
        #expect(!result.signalled && result.status == 0, "exit \(result.status): \(result.stderr)")
        try Self.expectFiledRecording(in: dir, frames: 58...62, status: "done", exitCode: 0)
    }

    @Test func logsIntoAReaderThatExitsStillRecordsToTheEnd() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "2s"))
        let result = try Self.shell(#""$@" 2>&1 >/dev/null | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}"#,
                                    ["run", job.path, "--log-level", "debug"], in: dir)
        #expect(!result.signalled && result.status == 0, "exit \(result.status)")
        try Self.expectFiledRecording(in: dir, frames: 58...62, status: "done", exitCode: 0)
    }

    @Test func closedStdoutAndStderrAreNoCrash() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(every: "100ms", count: 3))
        // Was SIGILL at the first log line (FileHandle.write traps on EBADF).
        let result = try Self.shell(#"exec "$@" >&- 2>&-"#, ["run", job.path, "--json"], in: dir)
        #expect(!result.signalled && result.status == 0, "exit \(result.status)")
        #expect(JobFixtures.filed(dir, ext: "jpg").count == 3, "\(dir.files())")
        for command in [["validate", job.path], ["plan", job.path, "--json"], ["snapsot"]] {
            let other = try Self.shell(#"exec "$@" >&- 2>&-"#, command, in: dir)
            #expect(!other.signalled && other.status < 128, "\(command): exit \(other.status)")
        }
    }

    /// A reader that stays but never reads: its pipe (shrunk to one page) fills after a few
    /// JSON lines, and the run still takes every shot on time and ends by itself.
    @Test(.timeLimit(.minutes(2)))
    func aReaderThatNeverReadsDoesNotHoldCaptureUp() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(every: "100ms", count: 30))
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[1], 1031 /* F_SETPIPE_SZ */, 4096)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CamschedBinary.path)
        process.arguments = ["run", job.path, "--json"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["CAMSCHED_LOCK_DIR": TemporaryDirectory.freshLockDirectory(), "CAMSCHED_PRESSURE_SOURCES": "file,disk"]) { $1 }
        process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        Wait.until(seconds: 30) { !process.isRunning }
        #expect(!process.isRunning, "the run hung on a full stdout")
        #expect(Date().timeIntervalSince(started) < 15, "30 shots every 100 ms")
        if !process.isRunning { #expect(process.terminationStatus == 0) }
        #expect(JobFixtures.filed(dir, ext: "jpg").count == 30)
        let runs = JobFixtures.events(try CamschedBinary.run(["catalog", "runs", "--json", "--root", dir.file("out").path]).stdout)
        #expect(runs.first?["status"] as? String == "done", "\(runs)")
    }

    /// Closed descriptors are /dev/null while camsched runs: otherwise the first file or
    /// descriptor it opens would be number 1 or 2 and receive log lines and JSON.
    @Test(.timeLimit(.minutes(2)))
    func closedDescriptorsAreDevNullWhileRunning() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "2s"))
        let process = try ProcessRunner.start("/bin/bash", ["-c", #"exec "$@" <&- >&- 2>&-"#, "bash", CamschedBinary.path,
                                                            "run", job.path, "--json"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        Wait.until(seconds: 30) { dir.files().contains { $0.hasSuffix(".partial") } }
        let targets = (0...2).map { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process.processIdentifier)/fd/\($0)")) ?? "closed" }
        process.waitUntilExit()
        #expect(targets == ["/dev/null", "/dev/null", "/dev/null"], "\(targets)")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        try Self.expectFiledRecording(in: dir, frames: 58...62, status: "done", exitCode: 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func hangUpIsACleanStopWithExit129() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", JobFixtures.record(duration: "30s"))
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // A second of frames in the recording's file when the session drops.
        #expect(PartialMovie.waitForFrames(30, in: dir), "the recording never got a second into its file")
        kill(process.processIdentifier, SIGHUP)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 129,
                "\(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
        try Self.expectFiledRecording(in: dir, frames: 20...900, status: "interrupted", exitCode: 129)
        let events = JobFixtures.events(try String(contentsOf: dir.file("o.txt"), encoding: .utf8))
        #expect(events.last?["event"] as? String == "done")
        #expect(events.last?["exitCode"] as? Int == 129)
    }
}
