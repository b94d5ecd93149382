import CamschedTestSupport
import Foundation
import Testing

/// `plan --count 100000` on a minutely job with `every: 1ms`: fires are printed as they are
/// planned, each listing at most 100 captures, in bounded memory (issue 26: 3 GB within 10 s
/// and nothing printed).
@Suite struct PlanStreamingTests {
    static let job = #"""
    {"name": "p", "camera": {"device": "test:"}, "capture": {"interval": {"every": "1ms", "duration": "1d"}},
     "schedule": {"cron": "* * * * *", "timezone": "UTC"}}
    """#
    /// Peak resident memory allowed, in KiB (the debug binary plans in about 40 MiB).
    static let peakLimitKiB = 100 * 1024

    static func peakKiB(_ pid: Int32) -> Int? {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }

    @Test(.timeLimit(.minutes(2)))
    func jsonFiresStreamPromptlyInBoundedMemory() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("p.json", Self.job)
        let out = dir.file("plan.out")
        let process = try ProcessRunner.start(CamschedBinary.path, ["plan", job.path, "--count", "100000", "--json",
                                                                    "--from", "2026-01-01T00:00:00Z"],
                                              stdout: out, stderr: dir.file("plan.err"))
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        let started = Date()
        var firstLine: Substring?
        var peak = 0
        Wait.until(seconds: 10) {
            peak = max(peak, Self.peakKiB(process.processIdentifier) ?? 0)
            let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
            if let end = text.firstIndex(of: "\n") { firstLine = text[..<end] }
            return firstLine != nil || !process.isRunning
        }
        #expect(Date().timeIntervalSince(started) < 5, "the first fire is printed at once")
        // Keep planning for 3 s, or until it ends (time is the scenario: memory must not grow as
        // fires go by). VmHWM is the kernel's own peak: reading it now and then misses nothing.
        Wait.until(seconds: 3, every: 0.05) {
            peak = max(peak, Self.peakKiB(process.processIdentifier) ?? 0)
            return !process.isRunning
        }
        #expect(peak > 0 && peak < Self.peakLimitKiB, "peak RSS \(peak) KiB")
        let lines = ((try? String(contentsOf: out, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.count > 100, "fires keep coming: \(lines.count)")
        let line = try #require(firstLine)
        let first = try #require(JobFixtures.events(String(line)).first)
        #expect(first["at"] as? String == "2026-01-01T00:01:00.000Z")
        #expect(first["totalCaptures"] as? Int == 86_400_000)
        #expect((first["captures"] as? [Any])?.count == 100)
        #expect(first["truncated"] as? Bool == true)
        #expect(first["endsAt"] as? String == "2026-01-02T00:00:59.999Z")
    }

    /// A reader that takes one line and exits ends the plan: nothing more is planned for nobody.
    @Test(.timeLimit(.minutes(2)))
    func planningStopsWhenTheReaderExits() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("p.json", Self.job)
        let started = Date()
        let result = try ProcessRunner.run("/bin/bash", ["-c", #""$@" | head -n 1; exit ${PIPESTATUS[0]}"#, "bash", CamschedBinary.path,
                                                         "plan", job.path, "--count", "100000", "--json"], timeout: 60)
        #expect(!result.signalled && result.status == 0, "exit \(result.status): \(result.stderr.suffix(300))")
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(Date().timeIntervalSince(started) < 10, "100,000 fires were not planned for nobody")
    }

    @Test(.timeLimit(.minutes(2)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func tablePlansAHundredThousandFiresInBoundedMemory() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("p.json", Self.job)
        let result = try ProcessRunner.run("/usr/bin/time", ["-f", "peak %M", CamschedBinary.path, "plan", job.path,
                                                             "--count", "100000", "--from", "2026-01-01T00:00:00Z"], timeout: 100)
        #expect(result.status == 0, "\(result.stderr.suffix(300))")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 100_000)
        #expect(lines.first == "2026-01-01 00:01:00 Z (GMT)  interval  86400000 capture(s), until 2026-01-02 00:00:59 Z (GMT)")
        let peak = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) }
        #expect(peak.map { $0 < Self.peakLimitKiB } == true, "peak RSS \(peak ?? -1) KiB")
    }
}
