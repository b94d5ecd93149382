import CamschedTestSupport
import Foundation
import Testing

/// `plan`, `validate` and `devices` make nothing but their output: when it cannot be written
/// they exit 1 with one line on stderr, like coreutils; a reader that stops early
/// (`| head -n 1`) is not an error, and a slow reader misses nothing.
@Suite struct LostOutputTests {
    static let job = #"""
    {"name": "p", "camera": {"device": "test:"}, "capture": {"interval": {"every": "1s", "count": 3}},
     "schedule": {"cron": "* * * * *", "timezone": "UTC"}}
    """#

    static func shell(_ script: String, _ arguments: [String], in dir: TemporaryDirectory) throws -> ProcessResult {
        try ProcessRunner.run("/bin/bash", ["-c", script, "bash", CamschedBinary.path] + arguments,
                              currentDirectory: dir.url, timeout: 60)
    }

    /// `/dev/full` fails every write with ENOSPC.
    @Test(arguments: [["plan", "p.json"], ["plan", "p.json", "--json"], ["validate", "p.json"], ["devices"], ["devices", "--json"]])
    func outputIntoAFullDeviceExitsOne(_ arguments: [String]) throws {
        let dir = try TemporaryDirectory()
        try dir.write("p.json", Self.job)
        let result = try Self.shell(#""$@" > /dev/full"#, arguments, in: dir)
        #expect(!result.signalled && result.status == 1, "\(arguments): exit \(result.status), \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("cannot write standard output: No space left on device") == true,
                "\(arguments): \(result.stderr)")
    }

    /// An invalid file keeps its own exit code (2) and the lost output is still named.
    @Test func anInvalidFileStillExitsTwo() throws {
        let dir = try TemporaryDirectory()
        try dir.write("p.json", Self.job)
        try dir.write("bad.json", "{}")
        let result = try Self.shell(#""$@" > /dev/full"#, ["validate", "p.json", "bad.json"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write standard output"), "\(result.stderr)")
    }

    /// A reader that waits before reading still gets every fire, and plan exits 0.
    @Test func aSlowReaderMissesNothing() throws {
        let dir = try TemporaryDirectory()
        try dir.write("p.json", Self.job)
        // The 1 s wait is the scenario: the pipe (64 KiB) fills long before the reader reads.
        let result = try Self.shell(#""$@" | { sleep 1; wc -l; }; exit ${PIPESTATUS[0]}"#,
                                    ["plan", "p.json", "--json", "--count", "3000"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "3000")
    }

    /// A reader that takes one line and exits is not lost output.
    @Test(arguments: [["plan", "p.json", "--count", "5000"], ["validate", "p.json", "p.json", "p.json"]])
    func aReaderThatStopsEarlyIsNotAnError(_ arguments: [String]) throws {
        let dir = try TemporaryDirectory()
        try dir.write("p.json", Self.job)
        let result = try Self.shell(#""$@" | head -n 1; exit ${PIPESTATUS[0]}"#, arguments, in: dir)
        #expect(!result.signalled && result.status == 0, "\(arguments): exit \(result.status), \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
