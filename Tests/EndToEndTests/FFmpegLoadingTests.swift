import CamschedTestSupport
import Foundation
import Testing

/// FFmpeg's libraries are loaded only by what needs them, and a missing one is an error that
/// names the Debian package — never a crash. `CAMSCHED_TEST_FFMPEG_MISSING` makes the loader
/// look for a soname no system has.
@Suite struct FFmpegLoadingTests {
    /// A job file and a 2 s clip recorded by camsched itself (FFmpeg present).
    private func recordClip(in dir: TemporaryDirectory) throws -> URL {
        try JobFixtures.record(duration: "2s").write(to: dir.file("rec.json"), atomically: true, encoding: .utf8)
        let recorded = try CamschedBinary.run(["run", "rec.json", "--no-progress"], currentDirectory: dir.url)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let clip = dir.url.appendingPathComponent("out/rec/rec-000001.mp4")
        #expect(FileManager.default.fileExists(atPath: clip.path))
        return clip
    }

    @Test(arguments: ["avutil", "avcodec", "avformat", "swscale"])
    func aRecordingWithoutALibraryFailsNamingItsPackage(library: String) throws {
        let dir = try TemporaryDirectory()
        try JobFixtures.record(duration: "1s").write(to: dir.file("rec.json"), atomically: true, encoding: .utf8)
        let result = try CamschedBinary.run(["run", "rec.json", "--no-progress"],
                                            environment: ["CAMSCHED_TEST_FFMPEG_MISSING": library], currentDirectory: dir.url)
        #expect(result.status == 1, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("lib\(library).so."), "\(result.stderr)")
        #expect(result.stderr.contains("sudo apt-get install lib\(library)"), "\(result.stderr)")
        #expect(!result.stderr.contains("internal error"))
    }

    @Test func aPNGStillWithoutLibavcodecFailsNamingItsPackage() throws {
        let dir = try TemporaryDirectory()
        let result = try CamschedBinary.run(["snapshot", "--device", "test:?size=320x180", "--format", "png", "-o", dir.file("s.png").path],
                                            environment: ["CAMSCHED_TEST_FFMPEG_MISSING": "avcodec"])
        #expect(result.status == 1, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("apt-get install libavcodec"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("s.png").path))
    }

    /// With libavutil — the first library any FFmpeg call loads — unloadable, these commands
    /// still succeed: they never touch FFmpeg.
    @Test func jpegStillsValidatePlanAndDevicesNeverLoadFFmpeg() throws {
        let dir = try TemporaryDirectory()
        let missing = ["CAMSCHED_TEST_FFMPEG_MISSING": "avutil"]
        let jpeg = dir.file("s.jpg")
        let still = try CamschedBinary.run(["snapshot", "--device", "test:?size=320x180", "-o", jpeg.path], environment: missing)
        #expect(still.status == 0, "\(still.stderr)")
        #expect(try MediaProbe.probe(jpeg).width == 320)
        try JobFixtures.interval().write(to: dir.file("tl.json"), atomically: true, encoding: .utf8)
        for arguments in [["validate", "tl.json"], ["plan", "tl.json"], ["devices"]] {
            let result = try CamschedBinary.run(arguments, environment: missing, currentDirectory: dir.url)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }

    @Test func aFileCameraPlaysARecordingAndSaysWhatIsMissingWithoutFFmpeg() throws {
        let dir = try TemporaryDirectory()
        let clip = try recordClip(in: dir)
        let still = dir.file("from-file.jpg")
        let played = try CamschedBinary.run(["snapshot", "--device", "file:\(clip.path)", "-o", still.path])
        #expect(played.status == 0, "\(played.stderr)")
        let probe = try MediaProbe.probe(still)
        #expect(probe.width == 320 && probe.height == 180)
        let missing = try CamschedBinary.run(["snapshot", "--device", "file:\(clip.path)", "-o", dir.file("no.jpg").path],
                                             environment: ["CAMSCHED_TEST_FFMPEG_MISSING": "avformat"])
        #expect(missing.status == 3, "exit \(missing.status): \(missing.stderr)")
        #expect(missing.stderr.contains("apt-get install libavformat"), "\(missing.stderr)")
    }
}
