import CamschedTestSupport
import Foundation
import Testing

/// A network camera's own sound, through the binary, from a real RTSP server (GStreamer's,
/// `scripts/rtsp-test-server.py`) that sends H.264 at 10 fps with AAC (48 kHz) or G.711 µ-law
/// (8 kHz) from one pipeline clock — its sound silence with a tick at every whole second. The
/// sound is recorded without `camera.audio` (a network camera's is kept), encoded to AAC: every
/// segment holds a picture and a sound stream, the decoded samples are the sidecar's, the ticks
/// are one second of samples apart within and across cuts (no sample lost or doubled), and the
/// sound starts within a sound frame of the picture. A server stopped for 5 s: both come back, the
/// sound's gap listed once.
@Suite struct RTSPSoundTests {
    /// Records `path` for 30 s in 10 s segments; the files, in order.
    static func record(_ path: String, dir: TemporaryDirectory, server: RTSPCameraTests.Server) throws -> [URL] {
        let job = try RTSPCameraTests.job(dir, name: "s", url: "rtsp://127.0.0.1:\(server.port)\(path)",
                                          record: #""duration": "30s", "segment": "10s", "preset": "ultrafast""#)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("sound from rtsp://127.0.0.1:\(server.port)\(path)"), "\(result.stderr)")
        return RTSPCameraTests.files(dir, job: "s")
    }

    /// Every file: a picture and an AAC sound stream at `rate`, the sidecar's samples decoded, the
    /// sound's start within a frame of the picture, ticks one second apart across the cuts.
    static func expectContinuousSound(_ files: [URL], rate: Int, source: String) throws {
        #expect(files.count == 3, "\(files.map(\.lastPathComponent))")
        var carried: Int?  // samples from the last tick of the file before to its end
        for file in files {
            let sound = try SoundProbe.probe(file)
            let audio = try #require(try JobFixtures.sidecar(file)["audio"] as? [String: Any], "\(file.lastPathComponent): no audio")
            #expect(sound.streamTypes.sorted() == ["audio", "video"], "\(file.lastPathComponent): \(sound.streamTypes)")
            #expect(sound.rate == rate && audio["rate"] as? Int == rate && audio["codec"] as? String == "aac", "\(audio)")
            #expect(audio["device"] as? String == source, "\(audio)")
            let samples = try #require(audio["samples"] as? Int)
            let isLast = file == files.last
            #expect(isLast ? (sound.samples.count + 1023) / 1024 == (samples + 1023) / 1024 : sound.samples.count == samples,
                    "\(file.lastPathComponent): decoded \(sound.samples.count), sidecar \(samples)")
            // 10 s of picture, and as much sound (within two sound frames).
            #expect(abs(sound.samples.count - 10 * rate) <= 2048, "\(file.lastPathComponent): \(sound.samples.count) samples")
            let offset = try #require(audio["offsetSeconds"] as? Double)
            // The first sound frame starting at or after the first picture: within one sound frame
            // (1024 samples: 21 ms at 48 kHz, 128 ms at G.711's 8 kHz).
            #expect(offset >= 0 && offset < 1024 / Double(rate), "\(file.lastPathComponent): sound starts \(offset) s after the picture")
            #expect(abs(offset - sound.startSeconds) < 0.001, "sidecar \(offset), file \(sound.startSeconds)")
            // A decoder starts a file's first AAC frame cold (without the frame before it): a tick
            // in it is heard softer and found late, so ticks in the first two frames are left out.
            let ticks = sound.clicks.filter { $0 >= 2048 }
            #expect(ticks.count >= 8, "\(file.lastPathComponent): ticks at \(sound.clicks)")
            let tolerance = rate / 1000  // 1 ms
            for (a, b) in zip(ticks, ticks.dropFirst()) { #expect(abs(b - a - rate) <= tolerance, "\(file.lastPathComponent): ticks \(a) → \(b)") }
            if let carried, let first = ticks.first {
                // One or two seconds (a tick left out at the start) from the last tick before the cut.
                let across = carried + first
                #expect(abs(across - rate) <= tolerance || abs(across - 2 * rate) <= tolerance,
                        "across the cut into \(file.lastPathComponent): \(carried) + \(first)")
            }
            carried = ticks.last.map { sound.samples.count - $0 }
            #expect((audio["gaps"] as? [Any] ?? []).isEmpty, "\(audio)")
        }
    }

    @Test func aProbeShowsTheStreamsSound() throws {
        let dir = try TemporaryDirectory("rtsp-sound-probe")
        let server = try RTSPCameraTests.Server(dir)
        let aac = try CamschedBinary.run(["devices", "--probe", "rtsp://127.0.0.1:\(server.port)/h264-aac"])
        #expect(aac.status == 0 && aac.stdout.contains("  sound: AAC, 48000 Hz, 1 channel\n"), "\(aac.stdout)\(aac.stderr)")
        let pcmu = try CamschedBinary.run(["devices", "--probe", "rtsp://127.0.0.1:\(server.port)/h264-pcmu", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(pcmu.stdout.utf8)) as? [String: Any]
        let sound = report?["sound"] as? [String: Any]
        #expect(sound?["codec"] as? String == "G.711 µ-law (PCMU)" && sound?["rate"] as? Int == 8_000 && sound?["channels"] as? Int == 1,
                "\(pcmu.stdout)")
        // A stream without sound says nothing of it.
        let silent = try CamschedBinary.run(["devices", "--probe", "rtsp://127.0.0.1:\(server.port)/h264"])
        #expect(silent.status == 0 && !silent.stdout.contains("sound"), "\(silent.stdout)")
    }

    @Test func audioFalseLeavesTheStreamsSoundOut() throws {
        let dir = try TemporaryDirectory("rtsp-no-sound")
        let server = try RTSPCameraTests.Server(dir)
        let job = try dir.write("q.json", """
            {"name": "q", "camera": {"device": "rtsp://127.0.0.1:\(server.port)/h264-pcmu", "audio": false},
             "capture": {"record": {"duration": "3s", "codec": "copy"}}, "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
            """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 60)
        #expect(result.status == 0 && !result.stderr.contains("sound from"), "\(result.stderr)")
        let files = RTSPCameraTests.files(dir, job: "q")
        try #require(files.count == 1, "\(files)")
        #expect(try SoundProbe.streamTypes(files[0]) == ["video"])
        #expect(try JobFixtures.sidecar(files[0])["audio"] == nil)
    }

    @Test func aacSoundIsRecordedGaplessAcrossSegments() throws {
        let dir = try TemporaryDirectory("rtsp-aac")
        let server = try RTSPCameraTests.Server(dir)
        let files = try Self.record("/h264-aac", dir: dir, server: server)
        try Self.expectContinuousSound(files, rate: 48_000, source: "rtsp://127.0.0.1:\(server.port)/h264-aac")
    }

    @Test func pcmuSoundIsEncodedToAACGaplessAcrossSegments() throws {
        let dir = try TemporaryDirectory("rtsp-pcmu")
        let server = try RTSPCameraTests.Server(dir)
        let files = try Self.record("/h264-pcmu", dir: dir, server: server)
        try Self.expectContinuousSound(files, rate: 8_000, source: "rtsp://127.0.0.1:\(server.port)/h264-pcmu")
    }

    @Test func aServerStoppedForFiveSecondsCostsTheSoundOneGap() throws {
        let dir = try TemporaryDirectory("rtsp-sound-gap")
        var server = try RTSPCameraTests.Server(dir)
        // The server stays away for five seconds once the first file is filed.
        let (run, _) = try RTSPCameraTests.recordAcrossAServerStop(dir, server: &server, name: "r", path: "h264-aac",
                                                                   record: #""duration": "30s", "segment": "10s", "preset": "ultrafast""#,
                                                                   filed: "segment-000001.mp4", within: 40, away: 5)
        let stderr = try String(contentsOf: dir.file("r.err"), encoding: .utf8)
        #expect(run.terminationStatus == 0, "\(stderr)")
        let files = RTSPCameraTests.files(dir, job: "r")
        #expect(files.count >= 3, "\(files.map(\.lastPathComponent))")
        var soundGaps: [[String: Any]] = []
        var pictureGaps: [[String: Any]] = []
        for file in files {
            let sidecar = try JobFixtures.sidecar(file)
            let audio = try #require(sidecar["audio"] as? [String: Any], "\(file.lastPathComponent): no audio")
            let sound = try SoundProbe.probe(file)
            #expect(sound.streamTypes.sorted() == ["audio", "video"], "\(file.lastPathComponent): \(sound.streamTypes)")
            let samples = try #require(audio["samples"] as? Int)
            #expect((sound.samples.count + 1023) / 1024 == (samples + 1023) / 1024, "\(file.lastPathComponent): decoded \(sound.samples.count), sidecar \(samples)")
            // As much sound as picture (10 fps), the file cut short by the stop too; ticks in every second.
            let pictured = Double(try #require(sidecar["frames"] as? Int)) / 10
            #expect(abs(Double(samples) / 48_000 - pictured) < 0.25, "\(file.lastPathComponent): \(samples) samples, \(pictured) s of picture")
            #expect(sound.clicks.count >= Int(pictured) - 1, "\(file.lastPathComponent): ticks \(sound.clicks) in \(pictured) s")
            soundGaps += audio["gaps"] as? [[String: Any]] ?? []
            pictureGaps += sidecar["interruptions"] as? [[String: Any]] ?? []
        }
        // Listed once each, by the file after the stop: the sound's as long as the picture's, or
        // longer by what was read but not yet pictured when the connection went (under a second).
        try #require(soundGaps.count == 1 && pictureGaps.count == 1, "sound \(soundGaps), picture \(pictureGaps)")
        #expect(soundGaps[0]["reason"] as? String == "camera lost", "\(soundGaps)")
        let seconds = try #require(soundGaps[0]["seconds"] as? Double)
        #expect((5...12).contains(seconds), "the sound's gap lasted \(seconds) s: \(soundGaps), \(pictureGaps)")
    }

    /// A trigger job's clip from the stream: its sound waits in the pre-roll as its pictures
    /// do, so the clip's sound starts at its first picture, ticks one second apart.
    @Test func aClipsSoundStartsAtThePreRollsFirstPicture() throws {
        let dir = try TemporaryDirectory("rtsp-sound-clip")
        let server = try RTSPCameraTests.Server(dir)
        let job = try dir.write("door.json", """
        {"name": "door-rtsp", "camera": {"device": "rtsp://127.0.0.1:\(server.port)/h264-aac"},
         "capture": {"trigger": {"external": true, "preRoll": "2s", "postRoll": "3s", "duration": "12s", "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
        """)
        let clips = [try TriggerRunTests.oneExternalClip(dir, job: job, name: "door-rtsp")]
        let sound = try SoundProbe.probe(clips[0])
        let audio = try #require(try JobFixtures.sidecar(clips[0])["audio"] as? [String: Any])
        #expect(sound.streamTypes.sorted() == ["audio", "video"])
        #expect(sound.startSeconds >= 0 && sound.startSeconds < 1024.0 / 48_000, "sound starts \(sound.startSeconds) s after the first picture")
        #expect(sound.samples.count == audio["samples"] as? Int, "decoded \(sound.samples.count), sidecar \(audio)")
        // Pre-roll 2 s (from a keyframe, one a second) + post-roll 3 s: 5 or 6 s of sound.
        #expect((4.9...6.2).contains(Double(sound.samples.count) / 48_000), "\(sound.samples.count) samples")
        let ticks = sound.clicks.filter { $0 >= 2048 }
        #expect((4...6).contains(ticks.count), "ticks \(sound.clicks)")
        for (a, b) in zip(ticks, ticks.dropFirst()) { #expect(abs(b - a - 48_000) <= 48, "ticks \(a) → \(b)") }
    }
}
