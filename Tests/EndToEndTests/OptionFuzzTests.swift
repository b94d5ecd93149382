import CamschedCore
import CamschedTestSupport
import Foundation
import Testing

/// Extreme and random values for the numeric options of snapshot, plan and assemble, and of
/// device URIs, through the binary: never a crash; a value out of range is exit 2 naming the option.
@Suite("Option fuzzing")
struct OptionFuzzTests {
    static let seed: UInt64 = 0x13_2026_1125
    static let extremes = ["nan", "-nan", "NaN", "inf", "-inf", "infinity", "1e308", "-1e308", "1e400", "1e-300",
                           "4.9e-324", "-0", "0", "-1", "18446744073709551616", "9223372036854775808", "0x10", "", "abc"]

    /// Extremes plus random bit patterns read as doubles, as the command line would see them.
    /// Tests pass them as `--option=VALUE`, so that `-1` is a value and not an option.
    static func values(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        let drawn = (0..<count).map { _ -> String in
            let value = Double(bitPattern: random.next())
            return random.next() % 2 == 0 ? String(value) : String(Int64(bitPattern: random.next()) % 1_000_000)
        }
        return extremes + drawn
    }

    func check(_ result: ProcessResult, option: String, value: String, valid: Bool) {
        #expect(!result.signalled && result.status < 128, "\(option) \(value): \(result.stderr.suffix(400))")
        if !valid {
            #expect(result.status == 2, "\(option) \(value) exits 2, not \(result.status)")
            #expect(result.stderr.contains(option) || result.stderr.contains(option.dropFirst(2)),
                    "\(option) \(value): the message names the option: \(result.stderr.prefix(300))")
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func snapshotOptions() throws {
        let dir = try TemporaryDirectory("camsched-optfuzz")
        for value in OptionFuzzTests.values(count: 8, seed: OptionFuzzTests.seed) {
            let number = Double(value)
            let valid = number.map { (0...60).contains($0) } ?? false
            if valid, let number, number > 1 { continue }  // a long warm-up proves nothing more
            let result = try CamschedBinary.run(["snapshot", "--device", "test:", "--warmup=" + value, "-o", dir.url.path + "/"])
            check(result, option: "--warmup", value: value, valid: valid)
            if valid { #expect(result.status == 0, "--warmup \(value): \(result.stderr)") }
        }
        for value in ["0", "101", "-1", "9223372036854775808", "1e3", "nan", "50"] {
            let valid = Int(value).map { (1...100).contains($0) } ?? false
            let result = try CamschedBinary.run(["snapshot", "--device", "test:", "--warmup", "0", "--quality=" + value, "-o", dir.url.path + "/"])
            check(result, option: "--quality", value: value, valid: valid)
        }
        for value in ["0x0", "16385x1", "99999999999999999999x1", "-1x5", "nan", "x", "1e3x1e3"] {
            let result = try CamschedBinary.run(["snapshot", "--device", "test:", "--warmup", "0", "--size=" + value, "-o", dir.url.path + "/"])
            check(result, option: "--size", value: value, valid: false)
        }
        // Every valid run wrote its still inside the folder (-o DIR/), none beside it.
        #expect(dir.files().allSatisfy { $0.hasPrefix("snapshot-") && $0.hasSuffix(".jpg") })
        #expect(!dir.files().isEmpty)
    }

    @Test(.timeLimit(.minutes(3)))
    func planOptions() throws {
        let dir = try TemporaryDirectory("camsched-optfuzz")
        let job = try dir.write("p.json", #"{"name": "p", "capture": {"burst": {"count": 2}}, "schedule": {"cron": "@hourly", "timezone": "UTC"}}"#)
        for value in OptionFuzzTests.values(count: 6, seed: OptionFuzzTests.seed &+ 1) + ["100001", "1e3", "3"] {
            let valid = Int(value).map { (1...100_000).contains($0) } ?? false
            let result = try CamschedBinary.run(["plan", job.path, "--from", "2026-01-01T00:00:00Z", "--count=" + (valid ? "3" : value)])
            check(result, option: "--count", value: value, valid: valid)
        }
        let dates = ["2026-02-29T10:00:00Z", "2026-06-21T24:00:00Z", "2026-01-01T00:00:00+25:00", "2026-01-01T00:00:60Z",
                     "2026-13-01T00:00:00Z", "nan", "", "1e308"]
        for value in dates {
            check(try CamschedBinary.run(["plan", job.path, "--from=" + value]), option: "--from", value: value, valid: false)
        }
        let lower = try CamschedBinary.run(["plan", job.path, "--from", "2026-01-01t00:30:00z", "--count", "1", "--json"])
        #expect(lower.status == 0)
        #expect(lower.stdout.contains(#""at":"2026-01-01T01:00:00.000Z""#))
    }

    @Test(.timeLimit(.minutes(3)))
    func assembleOptions() throws {
        let dir = try TemporaryDirectory("camsched-optfuzz")
        let stills = dir.file("stills")
        try FileManager.default.createDirectory(at: stills, withIntermediateDirectories: true)
        for name in ["a.jpg", "b.jpg"] {
            let shot = try CamschedBinary.run(["snapshot", "--device", "test:?size=320x180", "--warmup", "0", "-o", stills.appendingPathComponent(name).path])
            try #require(shot.status == 0, "\(shot.stderr)")
        }
        for (index, value) in (OptionFuzzTests.values(count: 6, seed: OptionFuzzTests.seed &+ 2) + ["0.1", "240", "240.0001", "0.09", "1.8e19"]).enumerated() {
            let valid = Double(value).map { (0.1...240).contains($0) } ?? false
            let video = dir.file("v\(index).mp4")
            let result = try CamschedBinary.run(["assemble", stills.path, "-o", video.path, "--fps=" + value])
            check(result, option: "--fps", value: value, valid: valid)
            #expect(FileManager.default.fileExists(atPath: video.path) == (valid && result.status == 0))
            if valid { #expect(result.status == 0, "--fps \(value): \(result.stderr)") }
        }
    }

    /// Every numeric option of a `test:`/`file:` URI at its extremes, in a job file and as
    /// `--device`: `validate` refuses what is out of range naming the option, and what it
    /// accepts runs without a crash (`test:?fps=1e-300` passed validate, then SIGILL).
    @Test(.timeLimit(.minutes(5)))
    func deviceURIOptions() throws {
        let dir = try TemporaryDirectory("camsched-optfuzz")
        var accepted: [String] = []
        for (index, uri) in JobMutator.extremeDeviceURIs.enumerated() {
            let job = try dir.write("d\(index).json", JobFixtures.interval(name: "d\(index)", device: uri, every: "200ms", count: 2))
            let result = try CamschedBinary.run(["validate", job.path])
            #expect(!result.signalled && result.status < 128, "\(uri): \(result.stderr.prefix(300))")
            #expect(result.status == 0 || result.status == 2, "\(uri): \(result.status)")
            if result.status == 2 {
                let option = uri.split(separator: "?").last.map { String($0.split(separator: "=").first ?? "") } ?? uri
                #expect(result.stderr.contains(option), "\(uri): the message names \(option): \(result.stderr.prefix(300))")
            } else {
                accepted.append(uri)
            }
        }
        #expect(accepted.count < JobMutator.extremeDeviceURIs.count / 2, "most extremes are out of range: \(accepted)")
        // What validate accepted runs (bounded to about a second) and snapshots without a crash:
        // the first three of each option (the tiny and zero values come first), to stay fast.
        let sample = Dictionary(grouping: accepted) { $0.split(separator: "=").first.map(String.init) ?? $0 }
            .values.flatMap { $0.prefix(3) }.sorted()
        for (index, uri) in sample.enumerated() {
            let job = try dir.write("a\(index).json", JobFixtures.interval(name: "a\(index)", device: uri, every: "200ms", count: 1)
                .replacingOccurrences(of: "\"count\": 1", with: "\"duration\": \"1s\""))
            let run = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 30)
            #expect(!run.signalled && run.status < 128, "run \(uri): \(run.status) \(run.stderr.prefix(2000))")
            #expect(run.status != 2, "validate accepted what run refused: \(uri): \(run.stderr.suffix(300))")
            let snap = try CamschedBinary.run(["snapshot", "--device", uri, "--warmup", "0", "-o", dir.url.path + "/"], timeout: 30)
            #expect(!snap.signalled && snap.status < 128, "snapshot \(uri): \(snap.status) \(snap.stderr.prefix(2000))")
        }
    }

    @Test func emptyOutputIsRefused() throws {
        let dir = try TemporaryDirectory("camsched-optfuzz")
        let job = try dir.write("e.json", #"{"name": "e", "camera": {"device": "test:"}, "capture": {"burst": {"count": 1}}}"#)
        for arguments in [["run", job.path, "--output", ""], ["snapshot", "--device", "test:", "-o", ""],
                          ["assemble", dir.url.path, "-o", ""]] {
            let result = try CamschedBinary.run(arguments, currentDirectory: dir.url)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("--output"))
        }
        #expect(dir.files() == ["e.json"])
    }

    @Test func snapshotIntoAnExistingFolderWritesInsideIt() throws {
        let dir = try TemporaryDirectory("camsched-optfuzz")
        let folder = dir.file("shots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try CamschedBinary.run(["snapshot", "--device", "test:", "--warmup", "0", "-o", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let files = dir.files()
        #expect(files.count == 1)
        #expect(files.first.map { $0.hasPrefix("shots/snapshot-") && $0.hasSuffix(".jpg") } == true)
    }
}
