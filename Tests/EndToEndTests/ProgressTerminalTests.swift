import CamschedTestSupport
import Foundation
import Testing

/// The progress line on a terminal (a pseudo-terminal from util-linux `script`): drawn for a
/// person, never into `--json` lines (Documentation/user-guide.md, `run`).
@Suite struct ProgressTerminalTests {
    /// Runs camsched with `arguments` with stdin, stdout and stderr on one pseudo-terminal; what
    /// the terminal showed.
    static func onTerminal(_ arguments: [String], in dir: TemporaryDirectory) throws -> ProcessResult {
        let command = ([CamschedBinary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        return try ProcessRunner.run("/usr/bin/script", ["-qec", command.joined(separator: " "), "/dev/null"],
                                     currentDirectory: dir.url, timeout: 60)
    }

    @Test func jsonOnATerminalHasNoProgressLine() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(every: "300ms", count: 4))
        let result = try Self.onTerminal(["run", job.path, "--json"], in: dir)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("elapsed "), "a progress line was drawn: \(result.stdout)")
        let lines = result.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
        let json = lines.filter { $0.hasPrefix("{") }
        #expect(json.count == 6, "start, 4 captures, done: \(lines)")
        for line in json { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)") }
        #expect(JobFixtures.filed(dir, ext: "jpg").count == 4)
    }

    @Test func withoutJSONTheProgressLineIsDrawn() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(every: "300ms", count: 4))
        let result = try Self.onTerminal(["run", job.path], in: dir)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("elapsed "), "\(result.stdout)")
        let quiet = try Self.onTerminal(["run", job.path, "--no-progress"], in: dir)
        #expect(quiet.status == 0 && !quiet.stdout.contains("elapsed "), "\(quiet.stdout)")
    }
}
