import CamschedTestSupport
import Foundation
import Testing

/// Trigger jobs on vivid: its test pattern set moving and still again with `v4l2-ctl`, twice,
/// starts and ends two motion events; a camera unplugged during an open clip files the clip, and
/// the job resumes and files the next event's clip. The unplug case reloads vivid: run it last.
///
/// In the emulated guest camsched takes several seconds from its `start` event to its first
/// frame (start-up, format, warm-up): the pattern is only touched once frames are analysed (the
/// `--debug-motion` score lines), and SIGUSR1 only once the encoder is set up.
/// Run them with
/// `scripts/vivid-run.sh '.build/debug/camschedPackageTests.xctest --testing-library swift-testing --filter VividTriggerTests'`.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividTriggerTests {
    static func control(_ assignment: String) throws {
        let result = try ProcessRunner.run("/usr/bin/v4l2-ctl", ["-d", VividEnvironment.primary, "-c", assignment])
        #expect(result.status == 0, "v4l2-ctl -c \(assignment): \(result.stderr)")
    }

    static func start(_ dir: TemporaryDirectory, trigger: String, options: [String] = []) throws -> ChildProcess {
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

    /// How many lines of the run's stderr contain `text`.
    static func lines(_ dir: TemporaryDirectory, containing text: String) -> Int {
        let log = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains(text) }.count
    }

    /// vivid's `horizontal_movement` menu: 0 moves left fast, 3 is no movement.
    static func move(_ moving: Bool) throws { try control("horizontal_movement=\(moving ? 0 : 3)") }

    @Test func movementOnAndOffStartsAndEndsEvents() throws {
        try VividEnvironment.captureDevice().close()
        try Self.control("osd_text_mode=2")  // no counters drawn: a pattern that does not move is still
        try Self.control("test_pattern=0")   // 75% Colorbar
        try Self.move(false)
        defer { try? Self.move(false); try? Self.control("osd_text_mode=0") }
        let dir = try TemporaryDirectory()
        let process = try Self.start(dir, trigger: """
            "motion": {"threshold": 0.03, "area": 0.005}, "preRoll": "1s", "postRoll": "2s", "still": false, "duration": "30s"
            """, options: ["--debug-motion"])
        // Three seconds of a still pattern analysed (a score line each second): no event.
        try #require(Wait.until(seconds: 60, every: 0.05) { Self.lines(dir, containing: "motion score") >= 3 },
                     "camsched stopped analysing frames")
        #expect(Self.events(dir, "trigger").isEmpty, "a pattern that does not move is no event")
        // Two bursts of 3 s of movement; the second once the first event has ended (the
        // background takes up to 2 s to settle on the moved pattern, then 2 s of post-roll) and
        // its clip is filed.
        for burst in 1...2 {
            try Self.move(true)
            // Three seconds of movement: time is the scenario here.
            Thread.sleep(forTimeInterval: 3)
            try Self.move(false)
            if burst == 1 {
                try #require(Wait.until(seconds: 60, every: 0.05) { !Self.events(dir, "segment").isEmpty },
                             "the first event's clip was never filed")
            }
        }
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        let triggers = Self.events(dir, "trigger")
        #expect(triggers.count == 2 && triggers.allSatisfy { $0["kind"] as? String == "motion" }, "\(triggers): \(stderr.suffix(3000))")
        let clips = dir.files().filter { $0.hasSuffix(".mp4") }.sorted()
        try #require(clips.count == 2, "\(dir.files())")
        for clip in clips {
            let sidecar = try VividUnplugTests.sidecar(dir.file(clip))
            let frames = try #require(sidecar["frames"] as? Int)
            #expect(try MediaProbe.probe(dir.file(clip)).frames == frames, "\(clip) plays")
            // 1–2 s of pre-roll, 3 s of movement, up to 2 s of settling, 2 s of post-roll at
            // 15 fps (the emulator drops some): far less than the 30 s the job ran.
            #expect((45...200).contains(frames), "\(clip): \(frames) frames: \(stderr.suffix(3000))")
            #expect((sidecar["event"] as? [String: Any])?["kind"] as? String == "motion")
        }
    }

    @Test func anUnplugDuringAClipFilesItAndTheJobGoesOn() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let process = try Self.start(dir, trigger: "\"external\": true, \"preRoll\": \"1s\", \"postRoll\": \"90s\", \"still\": false, \"duration\": \"40s\"")
        try #require(VividUnplugTests.wait(for: "pre-roll:", in: dir.file("e.txt")), "the encoder was never set up")
        kill(process.processIdentifier, SIGUSR1)
        try #require(VividUnplugTests.waitForFrames(under: dir), "the clip never got frames")
        // A second into the clip: time is the scenario here.
        Thread.sleep(forTimeInterval: 1)
        _ = try VividUnplugTests.unplugAndReload(released: {
            ((try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? "").contains("camera lost")
        })
        // Back: frames flow again from the `resumed` event on, and the next one takes the event.
        try #require(VividUnplugTests.wait(for: "\"resumed\"", in: dir.file("o.txt")), "the job did not resume")
        kill(process.processIdentifier, SIGUSR1)
        Wait.until(seconds: 30, every: 0.05) { Self.events(dir, "trigger").count >= 2 }
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
