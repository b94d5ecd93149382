import CamschedTestSupport
import Foundation
import Testing

/// Trigger jobs on vivid: its test pattern changed and changed back with `v4l2-ctl` starts and
/// ends one motion event; a camera unplugged during an open clip files the clip, and the job
/// resumes and files the next event's clip. The unplug case reloads vivid: run after the others.
///
/// Not yet in scripts/vivid-suite.sh: in the emulated guest both cases fail so far.
/// - Motion: the job's thumbnail of vivid's frames never changes (logged: the same mean luma,
///   97.125, and the same pixels every second for 18 s) although `test_pattern` is changed on
///   the node the job streams from (/dev/video0, named explicitly since 2026-11-23 — `name:vivid`
///   could pick another instance). So the frames camsched hands the trigger mode do not follow
///   the pattern; record mode on vivid is not known to have this (its tests do not change the
///   pattern mid-run) — compare frame hashes of a `record` run across a `test_pattern` change.
/// - Unplug: one run resumed after 1.1 s and filed the open clip, but a second SIGUSR1 after the
///   return made no event; another run (the case alone in a fresh guest) found vivid still in
///   use for `modprobe -r` — something of the trigger path (the encoder's or the ring's
///   references to driver buffers?) outlives the camera's close.
/// Run them with
/// `scripts/vivid-run.sh '.build/debug/camschedPackageTests.xctest --testing-library swift-testing --filter VividTriggerTests'`.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividTriggerTests {
    static func control(_ assignment: String) throws {
        let result = try ProcessRunner.run("/usr/bin/v4l2-ctl", ["-d", VividEnvironment.primary, "-c", assignment])
        #expect(result.status == 0, "v4l2-ctl -c \(assignment): \(result.stderr)")
    }

    static func start(_ dir: TemporaryDirectory, trigger: String, options: [String] = []) throws -> Process {
        let job = try dir.write("t.json", """
        {"name": "vt", "camera": {"device": "\(VividEnvironment.primary)", "size": "320x180", "pixelFormat": "YUYV", "fps": 15, "warmup": "1s"},
         "capture": {"trigger": {\(trigger), "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
        """)
        return try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"] + options,
                                       environment: ["CAMSCHED_LOCK_DIR": "/tmp", "CAMSCHED_PRESSURE_SOURCES": "file"],
                                       stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
    }

    static func events(_ dir: TemporaryDirectory, _ name: String) -> [[String: Any]] {
        let text = (try? String(contentsOf: dir.file("o.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["event"] as? String == name }
    }

    @Test func changingThePatternStartsAndSettlingEndsOneEvent() throws {
        try VividEnvironment.captureDevice().close()
        try Self.control("osd_text_mode=2")  // no counters drawn: a still pattern is still
        try Self.control("test_pattern=0")   // 75% Colorbar
        let dir = try TemporaryDirectory()
        let process = try Self.start(dir, trigger: """
            "motion": {"threshold": 0.03, "area": 0.005}, "preRoll": "1s", "postRoll": "2s", "still": false, "duration": "20s"
            """, options: ["--debug-motion"])
        try #require(VividUnplugTests.wait(for: "\"start\"", in: dir.file("o.txt")), "camsched never started")
        Thread.sleep(forTimeInterval: 4)
        #expect(Self.events(dir, "trigger").isEmpty, "a still pattern is no event")
        // The pattern changes (16x16 checkers) and changes back 2 s later: motion at both
        // changes, each settling within a second. (v4l2-ctl's own capture shows vivid's frames
        // changing with test_pattern and horizontal_movement; camsched's motion score on them
        // stayed 0.0000 — see the suite's note.)
        try Self.control("test_pattern=10")
        Thread.sleep(forTimeInterval: 2)
        try Self.control("test_pattern=0")
        process.waitUntilExit()
        try Self.control("osd_text_mode=0")
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        let triggers = Self.events(dir, "trigger")
        #expect(triggers.count == 1 && triggers.first?["kind"] as? String == "motion", "\(triggers): \(stderr.suffix(3000))")
        let clips = dir.files().filter { $0.hasSuffix(".mp4") }
        try #require(clips.count == 1, "\(dir.files())")
        let sidecar = try VividUnplugTests.sidecar(dir.file(clips[0]))
        let frames = try #require(sidecar["frames"] as? Int)
        #expect(try MediaProbe.probe(dir.file(clips[0])).frames == frames)
        // 1–2 s of pre-roll, 2 s of movement (started and stopped by v4l2-ctl, give or take the
        // emulator), 2 s of post-roll: far less than the 20 s the job ran, so the event ended.
        #expect((60...200).contains(frames), "\(frames) frames: \(stderr)")
    }

    @Test func anUnplugDuringAClipFilesItAndTheJobGoesOn() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let process = try Self.start(dir, trigger: "\"external\": true, \"preRoll\": \"1s\", \"postRoll\": \"90s\", \"still\": false, \"duration\": \"60s\"")
        try #require(VividUnplugTests.wait(for: "\"start\"", in: dir.file("o.txt")), "camsched never started")
        Thread.sleep(forTimeInterval: 2)
        kill(process.processIdentifier, SIGUSR1)
        try #require(VividUnplugTests.waitForFrames(under: dir), "the clip never got frames")
        Thread.sleep(forTimeInterval: 1)
        _ = try VividUnplugTests.unplugAndReload()
        try #require(VividUnplugTests.wait(for: "\"resumed\"", in: dir.file("o.txt")), "the job did not resume")
        Thread.sleep(forTimeInterval: 0.5)
        kill(process.processIdentifier, SIGUSR1)
        let deadline = Date().addingTimeInterval(30)
        while Self.events(dir, "trigger").count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        let stdout = (try? String(contentsOf: dir.file("o.txt"), encoding: .utf8)) ?? ""
        #expect(Self.events(dir, "trigger").count == 2, "\(stdout.suffix(3000))\n\(stderr.suffix(3000))")
        let clips = dir.files().filter { $0.hasSuffix(".mp4") }.sorted()
        try #require(clips.count == 2, "the clip open at the unplug, and the next: \(dir.files())")
        for clip in clips {
            let frames = try #require(try VividUnplugTests.sidecar(dir.file(clip))["frames"] as? Int)
            let decoded = try MediaProbe.probe(dir.file(clip)).frames
            #expect(frames > 0 && decoded == frames, "\(clip) plays")
        }
        let second = try VividUnplugTests.sidecar(dir.file(clips[1]))
        #expect((second["interruptions"] as? [[String: Any]])?.count == 1, "the gap is in the later clip's sidecar")
    }
}
