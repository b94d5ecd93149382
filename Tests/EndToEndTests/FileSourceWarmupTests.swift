import CamschedTestSupport
import Foundation
import Testing

/// A `file:` source has no warm-up by default (SPEC §3): a video has nothing to settle, so a
/// file recorded for its whole length keeps every frame. A warm-up the job sets is still
/// applied (it skips the file's first seconds).
@Suite struct FileSourceWarmupTests {
    /// `seconds` of 30 fps test pattern, 320x180.
    static func clip(_ dir: TemporaryDirectory, seconds: Int) throws -> URL {
        let clip = dir.file("clip.mp4")
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i",
                                                               "testsrc=size=320x180:rate=30:duration=\(seconds)",
                                                               "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip.path],
                                           timeout: 120)
        try #require(result.status == 0, "\(result.stderr)")
        return clip
    }

    static func recordJob(device: String, duration: String, warmup: String?) -> String {
        let warm = warmup.map { ", \"warmup\": \"\($0)\"" } ?? ""
        return """
        {"name": "f", "camera": {"device": "\(device)"\(warm)},
         "capture": {"record": {"duration": "\(duration)", "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """
    }

    static func record(_ dir: TemporaryDirectory, device: String, duration: String, warmup: String? = nil) throws -> (Int32, Int, String) {
        let job = try dir.write("f.json", recordJob(device: device, duration: duration, warmup: warmup))
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"])
        let video = try #require(JobFixtures.filed(dir, ext: "mp4").first, "nothing filed: \(result.stderr)")
        return (result.status, try MediaProbe.probe(video).frames, result.stderr)
    }

    @Test(arguments: ["", "?pace=fast"])
    func aFileRecordedForItsLengthWithTheDefaultsKeepsEveryFrame(query: String) throws {
        let dir = try TemporaryDirectory()
        _ = try Self.clip(dir, seconds: 3)
        let (status, frames, stderr) = try Self.record(dir, device: "file:clip.mp4\(query)", duration: "3s")
        #expect(status == 0, "\(stderr)")
        #expect(frames == 90, "3 s at 30 fps, decoded")
    }

    @Test func aWarmupTheJobSetsSkipsTheFilesFirstSeconds() throws {
        let dir = try TemporaryDirectory()
        _ = try Self.clip(dir, seconds: 3)
        let (status, frames, stderr) = try Self.record(dir, device: "file:clip.mp4?pace=fast", duration: "2s", warmup: "1s")
        #expect(status == 0, "\(stderr)")
        #expect(frames == 60, "1 s discarded, then 2 s at 30 fps")
    }
}
