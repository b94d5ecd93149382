import CamschedTestSupport
import Foundation
import Testing

/// Logs for unattended use (SPEC section 7), through the binary: `<N>` under journald, an
/// RFC 3339 time on any other non-terminal stderr, the level from `--log-level` or
/// `CAMSCHED_LOG_LEVEL`, and a repeating warning written once with its count.
@Suite struct LoggingTests {
    static var rfc3339: Regex<(Substring, Substring?, Substring)> { #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d) /# }
    static var priority: Regex<Substring> { #/^<[0-7]>/# }

    /// Runs camsched with stderr on a file; `journal` sets JOURNAL_STREAM to that file's
    /// device:inode (what systemd does for a unit's stderr), or to another file's.
    func run(_ arguments: [String], journal: Bool?, environment: [String: String] = [:],
             in dir: TemporaryDirectory) throws -> (status: Int32, lines: [String]) {
        let errURL = dir.file("stderr-\(UUID().uuidString.prefix(6)).txt")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        var env = ProcessInfo.processInfo.environment
        env["CAMSCHED_LOCK_DIR"] = TemporaryDirectory.freshLockDirectory()
        env["CAMSCHED_PRESSURE_SOURCES"] = "file,disk"
        env["JOURNAL_STREAM"] = nil
        env["CAMSCHED_LOG_LEVEL"] = nil
        if let journal {
            var info = stat()
            let other = dir.file("other-stream")
            _ = FileManager.default.createFile(atPath: other.path, contents: nil)
            if journal { fstat(err.fileDescriptor, &info) } else { stat(other.path, &info) }
            env["JOURNAL_STREAM"] = "\(info.st_dev):\(info.st_ino)"
        }
        for (key, value) in environment { env[key] = value }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CamschedBinary.path)
        process.arguments = arguments
        process.environment = env
        process.currentDirectoryURL = dir.url
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try err.close()
        let text = try String(contentsOf: errURL, encoding: .utf8)
        return (process.terminationStatus, text.split(separator: "\n").map(String.init))
    }

    func job(_ dir: TemporaryDirectory, extra: String = "") throws -> String {
        try dir.write("job.json", """
            {"name": "log", "camera": {"device": "test:?size=320x180&fps=30&pace=fast", "warmup": "0s"},
             "capture": {"interval": {"every": "100ms", "count": 5}},
             "output": {"root": "out", "path": "{job}-{seq}"}\(extra)}
            """).path
    }

    @Test func underJournaldEveryLineStartsWithItsPriority() throws {
        let dir = try TemporaryDirectory()
        let ran = try run(["run", try job(dir), "--no-progress"], journal: true, in: dir)
        #expect(ran.status == 0)
        #expect(!ran.lines.isEmpty)
        for line in ran.lines { #expect(line.contains(Self.priority), "no <N>: \(line)") }
        #expect(ran.lines.contains { $0.hasPrefix("<6>camsched: ") }, "info lines are <6>: \(ran.lines)")
        #expect(!ran.lines.contains { $0.contains(Self.rfc3339) }, "the journal keeps its own time")
        let failed = try run(["validate", "missing.json"], journal: true, in: dir)
        #expect(failed.status == 2)
        #expect(failed.lines.first?.hasPrefix("<3>") == true, "an error is <3>: \(failed.lines)")
    }

    @Test func offATerminalEveryLineStartsWithAnRFC3339Time() throws {
        let dir = try TemporaryDirectory()
        // JOURNAL_STREAM naming another stream (inherited by a child whose stderr was redirected)
        // must not turn on priorities.
        for journal in [false, nil] as [Bool?] {
            let ran = try run(["run", try job(dir), "--no-progress"], journal: journal, in: dir)
            #expect(ran.status == 0)
            #expect(!ran.lines.isEmpty)
            for line in ran.lines { #expect(line.contains(Self.rfc3339), "no time: \(line)") }
        }
        let usage = try run(["snapshto"], journal: nil, in: dir)
        #expect(usage.status == 2)
        #expect(usage.lines.count == 1)
        #expect(usage.lines.first?.contains(Self.rfc3339) == true)
        #expect(usage.lines.first?.hasSuffix(#"did you mean "snapshot"? (see `camsched --help`)"#) == true, "\(usage.lines)")
    }

    @Test func levelFromTheOptionOrTheEnvironment() throws {
        let dir = try TemporaryDirectory()
        let path = try job(dir)
        let info = try run(["run", path, "--no-progress"], journal: true, in: dir)
        let infoCount = info.lines.filter { $0.hasPrefix("<6>") }.count
        #expect(infoCount > 0)
        let quiet = try run(["run", path, "--no-progress", "--log-level", "error"], journal: true, in: dir)
        #expect(quiet.status == 0)
        #expect(quiet.lines.filter { $0.hasPrefix("<6>") }.isEmpty, "\(quiet.lines)")
        let fromEnv = try run(["run", path, "--no-progress"], journal: true, environment: ["CAMSCHED_LOG_LEVEL": "error"], in: dir)
        #expect(fromEnv.lines.filter { $0.hasPrefix("<6>") }.isEmpty, "\(fromEnv.lines)")
        let optionWins = try run(["run", path, "--no-progress", "--log-level", "info"], journal: true,
                                 environment: ["CAMSCHED_LOG_LEVEL": "error"], in: dir)
        #expect(optionWins.lines.filter { $0.hasPrefix("<6>") }.count == infoCount)
        let bad = try run(["run", path, "--no-progress"], journal: true, environment: ["CAMSCHED_LOG_LEVEL": "loud"], in: dir)
        #expect(bad.lines.first == "<4>camsched: warning: CAMSCHED_LOG_LEVEL=loud is not one of trace, debug, info, notice, warning, error, critical; logging at info")
        #expect(try run(["run", path, "--log-level", "loud"], journal: true, in: dir).status == 2)
    }

    @Test func aRepeatingWarningIsWrittenOnceWithItsCount() throws {
        let dir = try TemporaryDirectory()
        // The hook fails for each of the 5 stills with the same message.
        let path = try job(dir, extra: #", "hooks": {"onFile": "exit 3"}"#)
        let ran = try run(["run", path, "--no-progress"], journal: true, in: dir)
        #expect(ran.status == 0)
        let hookLines = ran.lines.filter { $0.contains("hook") && $0.contains("failed") }
        #expect(hookLines.count == 2, "\(ran.lines)")
        #expect(hookLines.first?.hasPrefix("<4>camsched: warning: hook ") == true)
        #expect(hookLines.last?.hasPrefix("<4>camsched: warning: the last message repeated 4 more times: hook ") == true,
                "\(hookLines)")
        let stills = try FileManager.default.contentsOfDirectory(atPath: dir.file("out").path).filter { $0.hasSuffix(".jpg") }
        #expect(stills.count == 5)
    }
}
