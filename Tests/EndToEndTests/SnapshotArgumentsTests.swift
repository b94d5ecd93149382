import CamschedCore
import ArgumentParser
@testable import camsched
import CamschedTestSupport
import Foundation
import Testing

/// `camsched snapshot`'s arguments read without swift-argument-parser (the cold-start path)
/// mean exactly what swift-argument-parser makes of them, and everything else is left to it.
@Suite struct SnapshotArgumentsTests {
    static func parsed(_ arguments: [String]) throws -> SnapshotArguments {
        let command = try Camsched.parseAsRoot(arguments)
        return try #require(command as? SnapshotCommand).arguments
    }

    @Test(arguments: [
        ["snapshot"],
        ["snapshot", "--device", "/dev/video0", "--size", "640x360", "--warmup", "0", "-o", "/tmp/c.jpg", "--overwrite"],
        ["snapshot", "--device=test:?size=320x180&fps=5", "--format", "JPG", "--quality=75", "--output", "x.jpeg"],
        ["snapshot", "--format", "png", "--warmup", "2.5", "--size", "720p", "--output=out/"],
        ["snapshot", "--overwrite", "--quality", "100", "--device", "auto"],
    ])
    func plainFormsMeanWhatTheParserMakesOfThem(arguments: [String]) throws {
        let fast = try #require(SnapshotArguments(fastParsing: arguments), "\(arguments) should take the fast path")
        #expect(fast == (try Self.parsed(arguments)))
    }

    @Test(arguments: [
        ["snapshot", "--log-level", "debug"],
        ["snapshot", "-o", "a.jpg", "--output", "b.jpg"],
        ["snapshot", "--help"],
        ["snapshot", "--size", "640x360", "--size", "320x180"],
    ])
    func otherValidFormsAreLeftToTheParser(arguments: [String]) {
        #expect(SnapshotArguments(fastParsing: arguments) == nil)
    }

    @Test(arguments: [
        ["snapshot", "--quality", "0"], ["snapshot", "--size", "big"], ["snapshot", "--bogus", "1"], ["snapshot", "extra"],
        ["snapshot", "--overwrite=yes"], ["snapshot", "--quality"], ["snapshot", "--warmup", "nan"],
        ["snapshot", "--device", "test:?size=1x"], ["snapshot", "--format", "gif"], ["snapshot", "--output="],
    ])
    func mistakesAreLeftToTheParserWhichRejectsThem(arguments: [String]) {
        #expect(SnapshotArguments(fastParsing: arguments) == nil)
        #expect(throws: (any Error).self) { try Self.parsed(arguments) }
    }

    @Test func otherCommandsAreNotTaken() {
        #expect(SnapshotArguments(fastParsing: ["run", "job.json"]) == nil)
        #expect(SnapshotArguments(fastParsing: []) == nil)
        #expect(SnapshotArguments(fastParsing: ["--version"]) == nil)
    }

    @Test func bothPathsFileTheSameStill() throws {
        let dir = try TemporaryDirectory()
        for (name, extra) in [("fast.jpg", [String]()), ("parsed.jpg", ["--log-level", "warning"])] {
            let result = try CamschedBinary.run(["snapshot", "--device", "test:?size=320x180", "--size", "320x180", "--warmup", "0",
                                                 "-o", dir.file(name).path] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let probe = try MediaProbe.probe(dir.file(name))
            #expect(probe.codec == "mjpeg" && probe.width == 320 && probe.height == 180)
        }
        let fast = try #require(FileManager.default.attributesOfItem(atPath: dir.file("fast.jpg").path)[.size] as? Int)
        let parsed = try #require(FileManager.default.attributesOfItem(atPath: dir.file("parsed.jpg").path)[.size] as? Int)
        #expect(fast > 1000 && parsed > 1000)
    }
}
