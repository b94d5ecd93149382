import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// Trigger jobs with `codec: "copy"`: the camera's own frames go into the pre-roll ring and the
/// clips as they came (a clip starts at the camera's keyframe at or before event − preRoll),
/// while motion is found on their decoded pictures and the key still is a decoded picture.
@Suite struct TriggerCopyTests {
    static func job(_ dir: TemporaryDirectory, name: String, device: String, trigger: String) throws -> URL {
        try dir.write("\(name).json", """
            {"name": "\(name)", "camera": {"device": "\(device)", "warmup": "0s"},
             "capture": {"trigger": {\(trigger), "codec": "copy", "still": true}},
             "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
    }

    /// Motion on a copied H.264 stream (keyframe every 30 frames): the test camera's moving bars
    /// make one clip; its black picture, whose only change (the code rows) is ignored, none.
    @Test func motionIsFoundOnTheDecodedPicturesOfACopiedH264Stream() throws {
        let dir = try TemporaryDirectory()
        let motion = #""motion": {"threshold": 0.03, "area": 0.005, "ignore": [[0, 0, 1, 0.25]]}, "preRoll": "2s", "postRoll": "2s", "duration": "8s""#
        let still = try Self.job(dir, name: "black", device: "test:?format=H264&size=640x360&fps=30&pattern=black", trigger: motion)
        let quiet = try CamschedBinary.run(["run", still.path, "--no-progress"], timeout: 120)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(JobFixtures.filed(dir, ext: "mp4").isEmpty, "nothing moved: no clip")
        let moving = try Self.job(dir, name: "bars", device: "test:?format=H264&size=640x360&fps=30", trigger: motion)
        let result = try CamschedBinary.run(["run", moving.path, "--json"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let triggers = JobFixtures.events(result.stdout).filter { $0["event"] as? String == "trigger" && $0["kind"] as? String == "motion" }
        #expect(triggers.count == 1, "the bars keep moving: one event, extended to the end: \(triggers.count)")
        let clip = try #require(JobFixtures.filed(dir, ext: "mp4").first)
        let sidecar = try JobFixtures.sidecar(clip)
        #expect((sidecar["encoder"] as? [String: Any])?["name"] as? String == "copy")
        let first = try #require((sidecar["sequence"] as? [String: Int])?["first"])
        #expect(first % 30 == 0, "a clip starts at one of the camera's keyframes: frame \(first)")
        #expect(try MediaProbe.keyframeIndexes(clip).first == 0)
        #expect(try MediaProbe.probe(clip).frames == sidecar["frames"] as? Int, "every frame decodes")
        try Self.expectDecodedStill(dir)
    }

    /// An external event on a copied H.264 stream at 15 fps: one clip of the pre-roll from the
    /// camera's keyframe at or before it, plus the post-roll.
    @Test func anExternalEventFilesTheCopiedPreRollFromAKeyframe() throws {
        let dir = try TemporaryDirectory()
        let job = try Self.job(dir, name: "door-copy", device: "test:?format=H264&size=320x180&fps=15",
                               trigger: #""external": true, "preRoll": "2s", "postRoll": "3s", "duration": "9s""#)
        let clips = [try TriggerRunTests.oneExternalClip(dir, job: job, name: "door-copy", arguments: ["--json"])]
        let sidecar = try JobFixtures.sidecar(clips[0])
        let frames = try #require(sidecar["frames"] as? Int)
        // preRoll 2 s (+ up to one 1 s keyframe interval) + postRoll 3 s at 15 fps.
        #expect((75...90).contains(frames), "\(frames)")
        #expect(try MediaProbe.probe(clips[0]).frames == frames)
        #expect(try MediaProbe.keyframeIndexes(clips[0]).first == 0)
        let first = try #require((sidecar["sequence"] as? [String: Int])?["first"])
        #expect(first % 15 == 0, "frame \(first) is a keyframe")
        try Self.expectDecodedStill(dir)
    }

    /// The one key still: a decoded picture of the frame the event came at, as its sidecar says.
    static func expectDecodedStill(_ dir: TemporaryDirectory) throws {
        let stills = JobFixtures.filed(dir, ext: "jpg")
        try #require(stills.count == 1, "\(dir.files())")
        let number = try #require((try JobFixtures.sidecar(stills[0])["sequence"] as? [String: Int])?["first"])
        let picture = try #require(try MovieReader(url: stills[0]).nextFrame()).picture
        #expect(SyntheticPattern.readFrameNumber(from: picture) == UInt32(number))
    }
}
