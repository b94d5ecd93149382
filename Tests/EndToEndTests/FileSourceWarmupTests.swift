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

/// `camsched snapshot` of a `file:` source: no warm-up unless `--warmup` asks, so the still is
/// the video's first frame (a camera keeps its 0.5 s default).
@Suite struct FileSnapshotWarmupTests {
    /// 0.3 s of red, then 1 s of blue, 320x180 at 30 fps.
    static func redThenBlue(_ dir: TemporaryDirectory) throws -> URL {
        let clip = dir.file("rb.mp4")
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", [
            "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=320x180:r=30:d=0.3",
            "-f", "lavfi", "-i", "color=c=blue:s=320x180:r=30:d=1", "-filter_complex", "[0:v][1:v]concat=n=2:v=1",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip.path], timeout: 120)
        try #require(result.status == 0, "\(result.stderr)")
        return clip
    }

    /// The mean colour of a picture, as (red, green, blue) bytes.
    static func meanColour(_ picture: URL, in dir: TemporaryDirectory) throws -> [UInt8] {
        let pixel = dir.file("pixel.rgb")
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", picture.path, "-vf", "scale=1:1",
                                                               "-f", "rawvideo", "-pix_fmt", "rgb24", pixel.path], timeout: 60)
        try #require(result.status == 0, "\(result.stderr)")
        return [UInt8](try Data(contentsOf: pixel))
    }

    @Test func aSnapshotOfAFileIsItsFirstFrame() throws {
        let dir = try TemporaryDirectory()
        _ = try Self.redThenBlue(dir)
        let still = dir.file("first.jpg")
        let result = try CamschedBinary.run(["snapshot", "--device", "file:\(dir.file("rb.mp4").path)", "-o", still.path])
        try #require(result.status == 0, "\(result.stderr)")
        let rgb = try Self.meanColour(still, in: dir)
        try #require(rgb.count == 3)
        #expect(rgb[0] > 200 && rgb[2] < 60, "the first frame is red, found \(rgb)")
    }

    @Test func aWarmupAskedForSkipsTheFilesFirstFrames() throws {
        let dir = try TemporaryDirectory()
        _ = try Self.redThenBlue(dir)
        let still = dir.file("later.jpg")
        let result = try CamschedBinary.run(["snapshot", "--device", "file:\(dir.file("rb.mp4").path)", "--warmup", "0.6",
                                             "-o", still.path])
        try #require(result.status == 0, "\(result.stderr)")
        let rgb = try Self.meanColour(still, in: dir)
        try #require(rgb.count == 3)
        #expect(rgb[2] > 200 && rgb[0] < 60, "past 0.3 s the video is blue, found \(rgb)")
    }
}
