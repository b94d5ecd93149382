import ArgumentParser
@testable import camsched
import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// `camsched run`'s arguments read without swift-argument-parser (the cron path) mean exactly
/// what swift-argument-parser makes of them, everything else is left to it, and a one-shot run
/// taken either way files the same: a JPEG with EXIF, its sidecar and one catalog row.
@Suite struct RunArgumentsTests {
    static func parsed(_ arguments: [String]) throws -> RunArguments {
        let command = try Camsched.parseAsRoot(arguments)
        return try #require(command as? RunCommand).arguments
    }

    @Test(arguments: [
        ["run", "job.json"],
        ["run", "job.json", "--no-progress"],
        ["run", "--json", "jobs/a.json", "--device", "test:?size=320x180&fps=5", "--output", "/tmp/out"],
        ["run", "job.json", "--device=/dev/video0", "--output=out", "--lock", "skip", "--pressure-from", "p.txt"],
        ["run", "job.json", "--lock=fail", "--log-level", "debug", "--no-progress", "--json"],
    ])
    func plainFormsMeanWhatTheParserMakesOfThem(arguments: [String]) throws {
        let fast = try #require(RunArguments(fastParsing: arguments, environment: [:]), "\(arguments) should take the fast path")
        #expect(fast == (try Self.parsed(arguments)))
    }

    @Test(arguments: [
        ["run", "job.json", "--listen", "127.0.0.1:0"],
        ["run", "job.json", "--metrics-file", "/tmp/m.prom"],
        ["run", "job.json", "--debug-motion"],
        ["run", "job.json", "--help"],
        ["run", "job.json", "--device", "auto", "--device", "auto"],
        ["run", "job.json", "--output", "a", "--output=b"],
    ])
    func otherValidFormsAreLeftToTheParser(arguments: [String]) throws {
        #expect(RunArguments(fastParsing: arguments, environment: [:]) == nil)
    }

    @Test(arguments: [
        ["run"], ["run", "a.json", "b.json"], ["run", "job.json", "--lock", "never"], ["run", "job.json", "--log-level", "loud"],
        ["run", "job.json", "--output="], ["run", "job.json", "--pressure-from="], ["run", "job.json", "--device", "test:?size=1x"],
        ["run", "job.json", "--no-progress=yes"], ["run", "job.json", "--bogus", "1"], ["run", "job.json", "--device"],
    ])
    func mistakesAreLeftToTheParserWhichRejectsThem(arguments: [String]) {
        #expect(RunArguments(fastParsing: arguments, environment: [:]) == nil)
        #expect(throws: (any Error).self) { try Self.parsed(arguments) }
    }

    @Test func aMetricsFileFromTheEnvironmentIsLeftToTheParser() {
        #expect(RunArguments(fastParsing: ["run", "job.json"], environment: ["CAMSCHED_METRICS_FILE": "/tmp/m.prom"]) == nil)
        #expect(RunArguments(fastParsing: ["run", "job.json"], environment: ["CAMSCHED_METRICS_FILE": ""]) != nil)
    }

    @Test func otherCommandsAreNotTaken() {
        #expect(RunArguments(fastParsing: ["snapshot"], environment: [:]) == nil)
        #expect(RunArguments(fastParsing: ["validate", "job.json"], environment: [:]) == nil)
        #expect(RunArguments(fastParsing: [], environment: [:]) == nil)
    }

    /// `--debug-motion` (no effect on an interval job) sends the second run through swift-argument-parser.
    @Test func bothPathsFileAStillWithExifSidecarAndCatalogRow() throws {
        let dir = try TemporaryDirectory()
        for (name, extra) in [("fast", [String]()), ("parsed", ["--debug-motion"])] {
            let job = try dir.write("\(name).json", """
            {"name": "\(name)", "camera": {"device": "test:?size=320x180&pace=fast", "size": "320x180", "warmup": "0s"},
             "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "\(name)", "path": "{seq}"}}
            """)
            let result = try CamschedBinary.run(["run", job.path, "--no-progress"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            // The still is filed before the new catalog opens: its own row, not an adoption.
            #expect(!result.stderr.contains("adopted"), "\(result.stderr)")
            let still = dir.file("\(name)/000001.jpg")
            let probe = try MediaProbe.probe(still)
            #expect(probe.codec == "mjpeg" && probe.width == 320 && probe.height == 180)
            #expect(ExifReader.tags(ofJPEG: try Data(contentsOf: still))["0:0x010e"]?.hasPrefix("job \(name) run ") == true)
            let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file("\(name)/000001.jpg.json"))) as? [String: Any]
            #expect(sidecar?["file"] as? String == "000001.jpg" && sidecar?["job"] as? String == name)
            let list = try CamschedBinary.run(["catalog", "list", "--json", "--root", dir.file(name).path])
            let rows = list.stdout.split(separator: "\n")
            #expect(rows.count == 1 && rows.first?.contains("\"file\":\"000001.jpg\"") == true, "\(list.stdout)")
            #expect(dir.files().filter { $0.hasPrefix("\(name)/") && $0.hasSuffix(".jpg") }.count == 1)
        }
    }
}
