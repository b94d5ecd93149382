import CamschedTestSupport
import Foundation
import Testing

/// A recording with the test microphone, through the binary: every segment has one picture
/// and one sound stream; the sound of all segments is one unbroken run (the clicks of the test
/// microphone exactly one second of samples apart, across every cut: no sample doubled or
/// lost); sound and picture in step within one frame at the start and the end of every
/// segment, measured from the files (the first picture's capture time drawn in its pixels,
/// each click at a whole second of the same clock); the sidecars' counts and offsets agree.
@Suite struct SoundRecordingTests {
    static let (width, height, rate) = (640, 360, 48_000)

    @Test func segmentsCarryGaplessSoundInStepWithThePicture() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("rec.json", """
        {"name": "rec", "camera": {"device": "test:?size=\(Self.width)x\(Self.height)&fps=30&audio=tone", "audio": {}},
         "capture": {"record": {"duration": "13s", "segment": "4s"}},
         "output": {"root": "out"}}
        """)
        let result = try CamschedBinary.run(["run", job.path], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let movies = JobFixtures.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
        #expect(movies.count == 4)
        var sounds: [SoundProbe] = []
        for movie in movies {
            let sound = try SoundProbe.probe(movie)
            let sidecar = try JobFixtures.sidecar(movie)
            let audio = try #require(sidecar["audio"] as? [String: Any], "\(movie.lastPathComponent) has no audio in its sidecar")
            #expect(sound.streamTypes.sorted() == ["audio", "video"])
            #expect(sound.rate == Self.rate && audio["rate"] as? Int == Self.rate)
            // What a player hears: every packet's 1024 samples (the last one, of a recording's end, whole).
            let samples = try #require(audio["samples"] as? Int)
            let isLast = movie == movies.last
            #expect(isLast ? (sound.samples.count + 1023) / 1024 == (samples + 1023) / 1024 : sound.samples.count == samples,
                    "\(movie.lastPathComponent): decoded \(sound.samples.count), sidecar \(samples)")
            let offset = try #require(audio["offsetSeconds"] as? Double)
            #expect(abs(offset - sound.startSeconds) < 0.001, "sidecar \(offset), file \(sound.startSeconds)")
            sounds.append(sound)
            let clicks = sound.clicks
            #expect(clicks.count >= (isLast ? 0 : 3), "\(movie.lastPathComponent): clicks at \(clicks)")
            // In step: each click is at a whole second of the clock the first picture was stamped with.
            let picture = Double(try SoundProbe.firstPictureMilliseconds(movie, width: Self.width, height: Self.height)) / 1000
            for click in [clicks.first, clicks.last].compactMap({ $0 }) {
                let captured = picture + sound.startSeconds + Double(click) / Double(Self.rate)
                let fromWholeSecond = captured - captured.rounded()
                #expect(abs(fromWholeSecond) < 1.0 / 30, "\(movie.lastPathComponent): a click \(fromWholeSecond) s from its second")
            }
        }
        #expect(SoundProbe.continuityProblems(sounds, rate: Self.rate).isEmpty, "\(SoundProbe.continuityProblems(sounds, rate: Self.rate))")
    }
}

/// A trigger job's clip with the test microphone: the sound waits in the pre-roll as the
/// pictures do, so the clip's sound starts at its first picture (within one sound frame) and
/// its clicks are at whole seconds of that picture's clock.
@Suite struct SoundClipTests {
    @Test func aClipsSoundStartsAtThePreRollsFirstPicture() throws {
        let dir = try TemporaryDirectory("sound-clip")
        let job = try dir.write("door.json", """
        {"name": "door-sound", "camera": {"device": "test:?size=640x360&fps=15&audio=tone", "warmup": "0s", "audio": {"codec": "aac"}},
         "capture": {"trigger": {"external": true, "preRoll": "2s", "postRoll": "3s", "duration": "9s", "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
        """)
        let clips = [try TriggerRunTests.oneExternalClip(dir, job: job, name: "door-sound")]
        let sound = try SoundProbe.probe(clips[0])
        let audio = try #require(try JobFixtures.sidecar(clips[0])["audio"] as? [String: Any])
        #expect(sound.startSeconds >= 0 && sound.startSeconds < 1024.0 / 48_000, "sound starts \(sound.startSeconds) s after the first picture")
        #expect(sound.samples.count == audio["samples"] as? Int)
        // Pre-roll 2 s + post-roll 3 s: about 5 s of sound, so 4 or 5 clicks, one second apart.
        let clicks = sound.clicks
        #expect((4...6).contains(clicks.count), "clicks \(clicks)")
        for (a, b) in zip(clicks, clicks.dropFirst()) { #expect(abs(b - a - 48_000) <= 48, "clicks \(a) → \(b)") }
        let picture = Double(try SoundProbe.firstPictureMilliseconds(clips[0], width: 640, height: 360)) / 1000
        if let first = clicks.first {
            let captured = picture + sound.startSeconds + Double(first) / 48_000
            #expect(abs(captured - captured.rounded()) < 1.0 / 15, "the first click \(captured - captured.rounded()) s from its second")
        }
    }
}

/// The passes after a recording keep its sound: `output.faststart` (a remux with the index in
/// front) and the recovery of a killed run's MKV (remuxed to its last complete frame).
@Suite struct SoundRemuxTests {
    @Test func faststartKeepsTheSoundWhereItWas() throws {
        let dir = try TemporaryDirectory("sound-faststart")
        let job = try dir.write("rec.json", """
        {"name": "fs", "camera": {"device": "test:?size=320x180&fps=30&audio=tone", "audio": {}},
         "capture": {"record": {"duration": "4s"}}, "output": {"root": "out", "faststart": true}}
        """)
        let result = try CamschedBinary.run(["run", job.path], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let movie = try #require(JobFixtures.filed(dir, ext: "mp4").first)
        let sound = try SoundProbe.probe(movie)
        let audio = try #require(try JobFixtures.sidecar(movie)["audio"] as? [String: Any])
        #expect(sound.streamTypes == ["video", "audio"])
        #expect(abs(sound.startSeconds - (audio["offsetSeconds"] as? Double ?? -1)) < 0.001)
        #expect((sound.samples.count + 1023) / 1024 == ((audio["samples"] as? Int ?? 0) + 1023) / 1024)
        let head = try FileHandle(forReadingFrom: movie).readData(ofLength: 64)
        #expect(head.range(of: Data("moov".utf8)) != nil, "the index is in front")
    }

    @Test func aKilledMatroskaRecordingIsRecoveredWithItsSound() throws {
        let dir = try TemporaryDirectory("sound-recover")
        let job = try dir.write("rec.json", """
        {"name": "mk", "camera": {"device": "test:?size=320x180&fps=30&audio=tone", "audio": {}},
         "capture": {"record": {"duration": "60s", "container": "mkv"}}, "output": {"root": "out"}}
        """)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        try #require(Wait.forEvent("start", in: dir.file("o.txt"), seconds: 30) != nil, "the recording never started")
        #expect(Wait.until(seconds: 30) { dir.files().contains { $0.hasSuffix(".mkv.partial") } })
        // Four seconds of clusters, then a kill that leaves the partial file as it is.
        Thread.sleep(forTimeInterval: 4)
        process.send(SIGKILL)
        process.waitUntilExit()
        let repair = try CamschedBinary.run(["catalog", "verify", "--repair", "--root", dir.file("out").path], timeout: 60)
        #expect(repair.status == 0, "\(repair.stderr)")
        let movie = try #require(JobFixtures.filed(dir, ext: "mkv").first, "\(dir.files())")
        let sound = try SoundProbe.probe(movie)
        #expect(sound.streamTypes == ["video", "audio"])
        #expect(Double(sound.samples.count) / 48_000 > 2, "\(Double(sound.samples.count) / 48_000) s of sound recovered")
        #expect(SoundProbe.continuityProblems([sound], rate: 48_000).isEmpty)
    }
}
