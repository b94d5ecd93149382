import CamschedCapture
import CamschedFiling
import CamschedJobs
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Testing

/// The clip rules of `trigger` on a manual clock at 10 fps (a keyframe every 10 frames):
/// pre-roll from a keyframe, extension, maxClip split, cooldown, camera loss.
@Suite struct TriggerModeTests {
    static func job(_ name: String, _ spec: String) -> String {
        """
        {"name": "\(name)", "camera": {"device": "test:", "warmup": "0s"},
         "capture": {"trigger": {"preset": "ultrafast", "still": false, \(spec)}},
         "output": {"root": "out", "path": "{seq}", "catalog": false}}
        """
    }

    /// Runs the job's mode, firing an external trigger at each of `fireAt` (frame numbers).
    static func run(_ name: String, _ spec: String, fireAt: Set<Int> = [], configure: (ScriptedFrameStream) -> Void = { _ in })
        throws -> ModeHarness {
        let harness = try ModeHarness(job(name, spec))
        harness.stream.onFrame = { frame in if fireAt.contains(frame) { _ = ExternalTriggers.shared.fire(job: name) } }
        configure(harness.stream)
        var mode = harness.mode()
        try mode.run(harness.stream)
        #expect(harness.events.errors.isEmpty, "\(harness.events.errors)")
        return harness
    }

    /// Each clip's first and last frame number (the scripted frames' sequence).
    static func clips(_ harness: ModeHarness) throws -> [ClosedRange<Int>] {
        try harness.sidecars(ext: "mp4").map { sidecar in
            let sequence = try #require(sidecar["sequence"] as? [String: Int])
            return try #require(sequence["first"])...(try #require(sequence["last"]))
        }
    }

    static func triggers(_ harness: ModeHarness) -> Int {
        harness.events.all.filter { if case .trigger = $0 { return true } else { return false } }.count
    }

    @Test func anExternalEventOpensAClipAtTheKeyframeBeforeItsPreRoll() throws {
        let harness = try Self.run("t-preroll", "\"external\": true, \"preRoll\": \"1500ms\", \"postRoll\": \"2s\", \"duration\": \"10s\"",
                                   fireAt: [45])
        // 4.5 s − 1.5 s = 3.0 s: the keyframe at frame 30; the clip holds frames before 4.5 + 2 = 6.5 s.
        #expect(try Self.clips(harness) == [30...64])
        let sidecar = try #require(try harness.sidecars(ext: "mp4").first)
        #expect(sidecar["frames"] as? Int == 35)
        #expect((sidecar["event"] as? [String: Any])?["kind"] as? String == "external")
        #expect(Self.triggers(harness) == 1)
    }

    @Test func anEventWithinPostRollExtendsTheClip() throws {
        let harness = try Self.run("t-extend", "\"external\": true, \"preRoll\": \"1s\", \"postRoll\": \"2s\", \"duration\": \"12s\"",
                                   fireAt: [30, 45, 90])
        // 3.0 s opens [2.0, 5.0); 4.5 s extends it to 6.5 s; 9.0 s is a new event: [8.0, 11.0).
        #expect(try Self.clips(harness) == [20...64, 80...109])
        #expect(Self.triggers(harness) == 2, "the extension is not a new event")
    }

    /// The scripted pattern's code rows (top 20 %) and its bouncing box (the band at 50–68 %)
    /// change with every frame: they are ignored.
    @Test func motionOpensAndExtendsAClipUntilTheSceneSettles() throws {
        let harness = try Self.run("t-motion", "\"motion\": {\"ignore\": [[0, 0, 1, 0.2], [0, 0.5, 1, 0.18]]}, \"preRoll\": \"1s\", \"postRoll\": \"2s\", \"duration\": \"12s\"") {
            $0.blockVisible = { (5.0..<7.0).contains($0) }
        }
        let clips = try Self.clips(harness)
        try #require(clips.count == 1, "\(clips)")
        #expect(clips[0].lowerBound == 40, "the keyframe at 5 s − 1 s")
        // The block leaving at 7 s is motion too (until the background settles, < 1 s): the clip
        // ends 2 s after that, past the 7 s the appearance alone would give.
        #expect((90...100).contains(clips[0].upperBound), "\(clips[0])")
        let event = try #require(try harness.sidecars(ext: "mp4").first?["event"] as? [String: Any])
        let box = try #require(event["box"] as? [Double])
        #expect(abs(box[0] - 0.5) < 0.03 && abs(box[1] - 0.4) < 0.03 && abs(box[2] - 0.25) < 0.03 && abs(box[3] - 0.4) < 0.03, "\(box)")
        #expect(Self.triggers(harness) == 1)
    }

    @Test func aLongEventIsSplitAtMaxClipOnKeyframes() throws {
        let harness = try Self.run("t-split", "\"external\": true, \"preRoll\": \"1s\", \"postRoll\": \"8s\", \"maxClip\": \"3s\", \"duration\": \"15s\"",
                                   fireAt: [30])
        #expect(try Self.clips(harness) == [20...49, 50...79, 80...109])
        let events = try harness.sidecars(ext: "mp4").compactMap { ($0["event"] as? [String: Any])?["at"] as? String }
        #expect(Set(events).count == 1 && events.count == 3, "the parts of a split clip share their event")
    }

    @Test func noEventStartsDuringTheCooldown() throws {
        let harness = try Self.run("t-cooldown", "\"external\": true, \"preRoll\": \"1s\", \"postRoll\": \"1s\", \"cooldown\": \"3s\", \"duration\": \"10s\"",
                                   fireAt: [20, 40, 70])
        // [1.0, 3.0); the cooldown lasts until 6.0 s, so 4.0 s is ignored; 7.0 s opens [6.0, 8.0).
        #expect(try Self.clips(harness) == [10...29, 60...79])
        #expect(Self.triggers(harness) == 2)
    }

    @Test func aLostCameraFilesTheOpenClipAndTheJobGoesOn() throws {
        let harness = try Self.run("t-loss", "\"external\": true, \"preRoll\": \"1s\", \"postRoll\": \"5s\", \"duration\": \"15s\"",
                                   fireAt: [20, 80]) {
            $0.losses = [.init(from: 4.0, until: 6.0)]
        }
        // [1.0, 4.0) ends at the loss; after the return the encoder restarts at 6.0 s, so the
        // event at 8.0 s starts at the keyframe at 7.0 s and runs to 13.0 s.
        #expect(try Self.clips(harness) == [10...39, 70...129])
        #expect(harness.record.snapshot.interruptions.count == 1)
        #expect(try MediaProbeCount.frames(harness) == [30, 60])
    }
}

/// Decoding the clips a harness filed: every frame plays.
enum MediaProbeCount {
    static func frames(_ harness: ModeHarness) throws -> [Int] {
        let files = ((try? FileManager.default.subpathsOfDirectory(atPath: harness.root.path)) ?? []).filter { $0.hasSuffix(".mp4") }.sorted()
        return try files.map { try MediaProbe.probe(harness.root.appendingPathComponent($0)).frames }
    }
}
