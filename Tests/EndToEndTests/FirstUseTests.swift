import CamschedTestSupport
import Foundation
import Testing

/// What a new user trips over: a mistyped command, `jpg`, overwriting a snapshot, a video
/// named `.gif`, a `file:` camera whose file is missing.
@Suite struct FirstUseTests {
    @Test func aMistypedCommandSuggestsTheRightOne() throws {
        let typo = try CamschedBinary.run(["snapshto", "--device", "test:"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains(#""snapshto" is not a camsched command; did you mean "snapshot"?"#), "\(typo.stderr)")
        let nested = try CamschedBinary.run(["catalog", "verfiy"])
        #expect(nested.status == 2)
        #expect(nested.stderr.contains(#"did you mean "verify"?"#), "\(nested.stderr)")
        let unknown = try CamschedBinary.run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("the commands are run, daemon, validate"), "\(unknown.stderr)")
        // Arguments of a command are not taken for commands.
        #expect(try CamschedBinary.run(["help", "snapshot"]).status == 0)
        #expect(try CamschedBinary.run(["validate", "snapshto.json"]).status == 2)
    }

    @Test func jpgMeansJPEG() throws {
        let dir = try TemporaryDirectory()
        let out = dir.file("a.jpg")
        let result = try CamschedBinary.run(["snapshot", "--device", "test:?size=640x360", "--format", "jpg", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try MediaProbe.probe(out).codec == "mjpeg")
        let bad = try CamschedBinary.run(["snapshot", "--device", "test:", "--format", "gif", "-o", dir.file("b.gif").path])
        #expect(bad.status == 2)
    }

    @Test func overwriteReplacesTheFileInsteadOfNumberingANewOne() throws {
        let dir = try TemporaryDirectory()
        let out = dir.file("now.jpg")
        for size in ["640x360", "320x180"] {
            let result = try CamschedBinary.run(["snapshot", "--device", "test:", "--size", size, "-o", out.path, "--overwrite"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(dir.files() == ["now.jpg"])
        #expect(try MediaProbe.probe(out).width == 320, "the second snapshot replaced the first")
        let numbered = try CamschedBinary.run(["snapshot", "--device", "test:", "-o", out.path])
        #expect(numbered.status == 0)
        #expect(dir.files() == ["now-1.jpg", "now.jpg"])
    }

    @Test func assembleRefusesAVideoNamedGIF() throws {
        let dir = try TemporaryDirectory()
        let stills = dir.file("stills")
        try FileManager.default.createDirectory(at: stills, withIntermediateDirectories: true)
        let snap = try CamschedBinary.run(["snapshot", "--device", "test:?size=320x180", "-o", stills.appendingPathComponent("a.jpg").path])
        #expect(snap.status == 0)
        for name in ["run.gif", "run.mov", "run.avi"] {
            let result = try CamschedBinary.run(["assemble", stills.path, "-o", dir.file(name).path])
            #expect(result.status == 2, "\(name): \(result.stderr)")
            #expect(result.stderr.contains("name the file .mp4 or .mkv"))
            #expect(!FileManager.default.fileExists(atPath: dir.file(name).path))
        }
        let mp4 = try CamschedBinary.run(["assemble", stills.path, "-o", dir.file("run.mp4").path])
        #expect(mp4.status == 0, "\(mp4.stderr)")
        #expect(try MediaProbe.probe(dir.file("run.mp4")).formatName.contains("mp4"))
    }

    @Test func aMissingFileCameraSaysTheFileIsMissing() throws {
        let dir = try TemporaryDirectory()
        let missing = dir.file("nope.mp4").path
        let result = try CamschedBinary.run(["snapshot", "--device", "file:\(missing)", "-o", dir.file("x.jpg").path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot read video file \(missing): no such file"), "\(result.stderr)")
        #expect(!result.stderr.contains("no cameras were found"))
    }
}
