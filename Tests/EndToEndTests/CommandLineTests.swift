import CamschedTestSupport
import Foundation
import Testing

/// The `camsched` binary as a user runs it: output, exit codes, files.
@Suite struct CommandLineTests {
    @Test func versionAndHelp() throws {
        let version = try CamschedBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("camsched "))
        let help = try CamschedBinary.run(["help"])
        #expect(help.status == 0)
        for command in ["run", "daemon", "validate", "plan", "devices", "snapshot", "assemble", "catalog", "report"] {
            #expect(help.stdout.contains(command), "help lists \(command)")
            let sub = try CamschedBinary.run([command, "--help"])
            #expect(sub.status == 0, "\(command) --help exits 0")
            #expect(sub.stdout.contains("USAGE"), "\(command) --help prints usage")
        }
    }

    @Test func badUsageExitsTwo() throws {
        #expect(try CamschedBinary.run(["no-such-command"]).status == 2)
        #expect(try CamschedBinary.run(["run"]).status == 2)
        #expect(try CamschedBinary.run(["snapshot", "--size", "huge"]).status == 2)
        let lock = try CamschedBinary.run(["run", "x.json", "--lock", "sometimes"])
        #expect(lock.status == 2)
    }

    @Test func missingDeviceExitsThreeAndSaysWhatExists() throws {
        let dir = try TemporaryDirectory()
        let result = try CamschedBinary.run(["snapshot", "--device", "/dev/video97", "-o", dir.file("x.jpg").path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("/dev/video97"))
        #expect(result.stderr.contains("camsched devices") || result.stderr.contains("present"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.jpg").path))
    }

    @Test(arguments: [(320, 180), (1280, 720)])
    func snapshotFromTestCameraDecodesAtTheAskedSize(width: Int, height: Int) throws {
        let dir = try TemporaryDirectory()
        let out = dir.file("snap.jpg")
        let result = try CamschedBinary.run(["snapshot", "--device", "test:", "--size", "\(width)x\(height)", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let probe = try MediaProbe.probe(out)
        #expect(probe.codec == "mjpeg")
        #expect(probe.width == width)
        #expect(probe.height == height)
    }

    @Test func snapshotPNGAndWebP() throws {
        let dir = try TemporaryDirectory()
        for (format, codec) in [("png", "png"), ("webp", "webp")] {
            let out = dir.file("snap.\(format)")
            let result = try CamschedBinary.run(["snapshot", "--device", "test:?size=640x360", "--format", format, "-o", out.path])
            #expect(result.status == 0, "\(result.stderr)")
            let probe = try MediaProbe.probe(out)
            #expect(probe.codec == codec)
            #expect(probe.width == 640 && probe.height == 360)
        }
    }

    @Test func snapshotOfAnUnsupportedSizeListsTheSupportedOnes() throws {
        let dir = try TemporaryDirectory()
        let result = try CamschedBinary.run(["snapshot", "--device", "test:", "--size", "333x111", "-o", dir.file("x.jpg").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("640x360"), "\(result.stderr)")
    }
}
