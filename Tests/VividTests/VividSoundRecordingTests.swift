import CamschedTestSupport
import Foundation
import Testing

/// A recording from vivid with snd-aloop as its microphone, through the binary, in the guest:
/// `aplay` plays the test microphone's signal (a click every 48 000 samples) into the loop, the
/// job records the other side beside vivid's pictures for 2 minutes in 30 s segments. Every
/// segment has one picture and one sound stream; the clicks stay exactly one second of samples
/// apart inside and across every cut (no sample lost or doubled); the sound starts within one
/// video frame of each segment's first picture (sidecar and file agree).
/// `scripts/vivid-run.sh '.build/debug/camschedPackageTests.xctest --testing-library swift-testing --filter VividSoundRecordingTests'`
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividSoundRecordingTests {
    static let rate = 48_000

    @Test func twoMinutesOfVividWithTheLoopsSoundInSegments() throws {
        try SoundLoop.load()
        let dir = try TemporaryDirectory()
        let player = try SoundLoop.play(try SoundLoop.clicks(seconds: 170, rate: Self.rate, in: dir), in: dir)
        defer { player.terminate() }
        let job = try dir.write("rec.json", """
        {"name": "vs", "camera": {"device": "\(VividEnvironment.primary)", "size": "320x180", "pixelFormat": "YUYV", "fps": 15,
                                  "audio": {"device": "\(SoundLoop.captureName)", "rate": \(Self.rate), "required": true}},
         "capture": {"record": {"duration": "120s", "segment": "30s", "preset": "ultrafast"}},
         "output": {"root": "out"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], environment: ["CAMSCHED_LOCK_DIR": "/tmp"], timeout: 400.0)
        #expect(result.status == 0, "\(result.stderr)")
        let movies = FiledOutput.filed(dir, ext: "mp4").sorted { $0.path < $1.path }
        try #require(movies.count == 4, "\(dir.files())")
        var sounds: [SoundProbe] = []
        var total = 0
        for movie in movies {
            let sound = try SoundProbe.probe(movie)
            let audio = try #require(try FiledOutput.sidecar(movie)["audio"] as? [String: Any])
            #expect(sound.streamTypes.sorted() == ["audio", "video"])
            #expect(audio["device"] as? String == SoundLoop.captureName)
            let samples = try #require(audio["samples"] as? Int)
            let isLast = movie == movies.last
            #expect(isLast ? (sound.samples.count + 1023) / 1024 == (samples + 1023) / 1024 : sound.samples.count == samples,
                    "\(movie.lastPathComponent): decoded \(sound.samples.count), sidecar \(samples)")
            total += samples
            let offset = try #require(audio["offsetSeconds"] as? Double)
            #expect(offset >= 0 && offset < 1.0 / 15 && abs(offset - sound.startSeconds) < 0.001, "offset \(offset), file \(sound.startSeconds)")
            #expect((audio["gaps"] as? [Any])?.isEmpty == true, "\(audio)")
            #expect(sound.clicks.count >= 28, "\(movie.lastPathComponent): \(sound.clicks.count) clicks")
            sounds.append(sound)
        }
        #expect(SoundProbe.continuityProblems(sounds, rate: Self.rate).isEmpty, "\(SoundProbe.continuityProblems(sounds, rate: Self.rate))")
        #expect(abs(Double(total) / Double(Self.rate) - 120) < 0.2, "\(Double(total) / Double(Self.rate)) s of sound in 120 s")
    }

    /// The microphone held by another program: the job records pictures and says once who
    /// holds it; with `required` it fails with that line and files nothing.
    @Test func aBusyMicrophoneCostsTheSoundOnlyUnlessRequired() throws {
        try SoundLoop.load()
        let dir = try TemporaryDirectory("sound-busy")
        let holder = try SoundLoop.hold(in: dir)
        defer { holder.terminate(); _ = holder.waitUntilExit(seconds: 10) }
        let line = "in use by arecord (pid \(holder.processIdentifier))"
        for required in [false, true] {
            let job = try dir.write("busy-\(required).json", """
            {"name": "vb\(required ? "r" : "")", "camera": {"device": "\(VividEnvironment.primary)", "size": "320x180", "pixelFormat": "YUYV",
                                      "fps": 15, "audio": {"device": "\(SoundLoop.captureName)", "required": \(required)}},
             "capture": {"record": {"duration": "3s", "preset": "ultrafast"}}, "output": {"root": "out-\(required)"}}
            """)
            let result = try CamschedBinary.run(["run", job.path, "--no-progress"], environment: ["CAMSCHED_LOCK_DIR": "/tmp"], timeout: 120.0)
            #expect(result.stderr.components(separatedBy: line).count == 2, "said once: \(result.stderr)")
            let movies = dir.files().filter { $0.hasPrefix("out-\(required)/") && $0.hasSuffix(".mp4") }
            if required {
                #expect(result.status != 0 && movies.isEmpty, "\(result.status) \(movies)")
            } else {
                #expect(result.status == 0, "\(result.stderr)")
                try #require(movies.count == 1, "\(dir.files())")
                #expect(try SoundProbe.streamTypes(dir.file(movies[0])) == ["video"])
            }
        }
    }
}
