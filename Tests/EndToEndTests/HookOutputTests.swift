import CamschedTestSupport
import Foundation
import Testing

/// What a hook prints reaches camsched's stderr bounded and prefixed, through the binary: at
/// most 200 lines and 64 KiB per hook run, each line `hook onFile[JOB]: …`, then one line
/// saying how much more there was; a hook that prints without end (`yes`) neither floods
/// stderr nor stalls on a full pipe.
@Suite struct HookOutputTests {
    /// Runs the job with stderr on a file and returns the exit status and that file.
    func run(_ job: String, in dir: TemporaryDirectory) throws -> (status: Int32, stderr: URL) {
        let path = try dir.write("tl.json", job)
        let errURL = dir.file("stderr.txt")
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", path.path, "--no-progress"],
                                              stdout: dir.file("stdout.txt"), stderr: errURL)
        // Bounded: the job takes about a second; before the fix stderr grew by gigabytes a second.
        Wait.until(seconds: 60) { !process.isRunning }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, errURL)
    }

    static func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test func aHookPrintingWithoutEndIsCutAtTheBound() throws {
        let dir = try TemporaryDirectory()
        let job = JobFixtures.interval(count: 2, extra: #", "hooks": {"onFile": "yes", "timeout": "300ms"}"#)
        let (status, errURL) = try run(job, in: dir)
        #expect(status == 0)
        // Two hook runs of at most 200 lines each, a line being a time, `camsched: hook onFile[tl]: y`.
        let bytes = Self.size(errURL)
        #expect(bytes >= 0 && bytes < 2 * 200 * 64 + 8192, "stderr holds \(bytes) bytes")
        guard bytes >= 0, bytes < 1 << 20 else { return }
        let lines = try String(contentsOf: errURL, encoding: .utf8).split(separator: "\n")
        let echoed = lines.filter { $0.hasSuffix("camsched: hook onFile[tl]: y") }
        #expect(echoed.count == 400, "200 lines of each of the 2 hook runs: \(echoed.count)")
        let cut = lines.filter { $0.contains(#/camsched: warning: hook onFile\[tl\]: … output truncated \(\d+ bytes more\)$/#) }
        #expect(cut.count == 2, "\(lines.suffix(5))")
        let stills = try FileManager.default.contentsOfDirectory(atPath: dir.file("out/tl").path).filter { $0.hasSuffix(".jpg") }
        #expect(stills.count == 2)
    }

    @Test func eachLineOfBothStreamsIsPrefixedWithTheHookAndJob() throws {
        let dir = try TemporaryDirectory()
        let hook = #"printf 'hello\nworld'; echo oops >&2"#
        let job = JobFixtures.interval(count: 1, extra: #", "hooks": {"onFile": ["sh", "-c", "\#(hook)"]}"#)
        let (status, errURL) = try run(job, in: dir)
        #expect(status == 0)
        let lines = try String(contentsOf: errURL, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix("camsched: hook onFile[tl]: hello") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.hasSuffix("camsched: hook onFile[tl]: world") }.count == 1, "a last line without newline: \(lines)")
        #expect(lines.filter { $0.hasSuffix("camsched: warning: hook onFile[tl]: oops") }.count == 1, "stderr as a warning: \(lines)")
        #expect(!lines.contains { $0 == "hello" || $0 == "oops" }, "nothing unprefixed: \(lines)")
        #expect(!lines.contains { $0.contains("truncated") })
    }
}
