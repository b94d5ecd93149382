import CamschedTestSupport
import Foundation
import Testing

/// A microphone lost mid-recording costs the sound of that stretch only: the pictures go on,
/// the gap is listed once with its reason, the sound comes back on the same timeline (its
/// clicks again at whole seconds). A job without its microphone records pictures and says so
/// once; one that requires it fails naming the microphone.
@Suite struct SoundLossTests {
    @Test func aLostMicrophoneIsAGapInTheSoundOnly() throws {
        let dir = try TemporaryDirectory("sound-loss")
        let job = try dir.write("rec.json", """
        {"name": "rec", "camera": {"device": "test:?size=640x360&fps=30&audio=tone&audioLostAfter=3s&audioReturnAfter=2s", "audio": {}},
         "capture": {"record": {"duration": "10s"}}, "output": {"root": "out"}}
        """)
        let result = try CamschedBinary.run(["run", job.path], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "sound stopped, pictures go on").count == 2, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "sound is back").count == 2, "\(result.stderr)")
        let movies = JobFixtures.filed(dir, ext: "mp4")
        try #require(movies.count == 1)
        let sidecar = try JobFixtures.sidecar(movies[0])
        #expect(sidecar["frames"] as? Int == 300, "the pictures went on")
        let audio = try #require(sidecar["audio"] as? [String: Any])
        let gaps = try #require(audio["gaps"] as? [[String: Any]])
        try #require(gaps.count == 1, "\(gaps)")
        #expect(gaps[0]["reason"] as? String == "microphone lost")
        let (at, seconds) = (try #require(gaps[0]["atSeconds"] as? Double), try #require(gaps[0]["seconds"] as? Double))
        // Lost 3 s after the microphone started (before the camera's 1 s warm-up), back on the
        // first retry after 2 s: 1 s (then 2 s) later.
        #expect((1.0...3.5).contains(at) && (1.9...4.5).contains(seconds), "gap at \(at) s for \(seconds) s")
        let sound = try SoundProbe.probe(movies[0])
        // The recording's last sound frame is shorter; a decoder gives it whole.
        let samples = try #require(audio["samples"] as? Int)
        #expect((sound.samples.count + 1023) / 1024 == (samples + 1023) / 1024, "decoded \(sound.samples.count), sidecar \(samples)")
        #expect(abs(Double(sound.samples.count) / 48_000 - 10) < 0.1, "the gap is silence, the sound as long as the pictures")
        let clicks = sound.clicks
        let gapEnd = Int((sound.startSeconds * -1 + at + seconds) * 48_000)
        #expect(clicks.contains { $0 > gapEnd + 48_000 }, "clicks after the gap: \(clicks)")
        let picture = Double(try SoundProbe.firstPictureMilliseconds(movies[0], width: 640, height: 360)) / 1000
        for click in clicks {
            let captured = picture + sound.startSeconds + Double(click) / 48_000
            #expect(abs(captured - captured.rounded()) < 1.0 / 30, "click at \(click) is \(captured - captured.rounded()) s from its second")
        }
    }

    @Test func withoutItsMicrophoneAJobRecordsPicturesOrFailsWhenItIsRequired() throws {
        let dir = try TemporaryDirectory("sound-missing")
        for required in [false, true] {
            let job = try dir.write("rec-\(required).json", """
            {"name": "rec\(required ? "r" : "")", "camera": {"device": "test:?size=320x180&fps=15", "audio": {"required": \(required)}},
             "capture": {"record": {"duration": "2s"}}, "output": {"root": "out"}}
            """)
            let result = try CamschedBinary.run(["run", job.path], timeout: 60)
            let line = "no microphone auto"
            #expect(result.stderr.components(separatedBy: line).count == 2, "said once: \(result.stderr)")
            if required {
                #expect(result.status != 0, "\(result.stderr)")
            } else {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stderr.contains("recording pictures only"))
                let movies = JobFixtures.filed(dir, ext: "mp4")
                try #require(movies.count == 1)
                #expect(try SoundProbe.streamTypes(movies[0]) == ["video"])
                #expect(try JobFixtures.sidecar(movies[0])["audio"] == nil)
            }
        }
    }
}

/// Pressure throttling lowers the frame rate only: a recording held at 5 fps by `critical`
/// pressure keeps every sample of its sound, the clicks one second apart throughout.
@Suite struct SoundUnderPressureTests {
    @Test func throttledPicturesKeepAllTheirSound() throws {
        let dir = try TemporaryDirectory("sound-pressure")
        let level = dir.file("level")
        try "critical".write(to: level, atomically: true, encoding: .utf8)
        let job = try dir.write("rec.json", """
        {"name": "rec", "camera": {"device": "test:?size=640x360&fps=30&audio=tone", "audio": {}},
         "capture": {"record": {"duration": "10s"}}, "throttle": {"serious": 10, "critical": 5},
         "output": {"root": "out"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--pressure-from", level.path], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let movie = try #require(JobFixtures.filed(dir, ext: "mp4").first)
        let sidecar = try JobFixtures.sidecar(movie)
        let frames = try #require(sidecar["frames"] as? Int)
        #expect(frames <= 75, "throttled to 5 fps after the first second: \(frames) frames")
        let audio = try #require(sidecar["audio"] as? [String: Any])
        let sound = try SoundProbe.probe(movie)
        #expect(abs(Double(sound.samples.count) / 48_000 - 10) < 0.1, "\(Double(sound.samples.count) / 48_000) s of sound")
        #expect((audio["gaps"] as? [Any])?.isEmpty == true, "\(audio)")
        let clicks = sound.clicks
        #expect(clicks.count >= 9, "\(clicks)")
        for (a, b) in zip(clicks, clicks.dropFirst()) { #expect(abs(b - a - 48_000) <= 48, "clicks \(a) → \(b)") }
    }
}
