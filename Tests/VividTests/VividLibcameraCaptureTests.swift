import CamschedTestSupport
import Foundation
import Testing

/// A burst, an external-trigger clip, and the controls a job sends, on a libcamera camera:
/// Debian's libcamera 0.0.3 driving vimc in the guest. vimc's libcamera pipeline maps only the
/// sensor's Brightness, Contrast and Saturation: it has no ExposureTime and no AnalogueGain,
/// so exposure bracketing and the exposure ramp are refused up front (exit 2, nothing filed) —
/// as on any camera without them — and what reaches libcamera is shown with the controls it has.
@Suite(.serialized, .enabled(if: VividEnvironment.isRequired))
struct VividLibcameraCaptureTests {
    static let size = (width: 768, height: 480)

    static func job(_ dir: TemporaryDirectory, _ capture: String, camera: String = "") throws -> URL {
        try dir.write("j.json", """
        {"name": "vimccap", "camera": {"device": "libcamera:", "size": "\(size.width)x\(size.height)", "fps": 10, "warmup": "500ms"\(camera)},
         "capture": {\(capture)},
         "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
        """)
    }

    static func sidecar(_ dir: TemporaryDirectory, _ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file(name + ".json"))) as? [String: Any] ?? [:]
    }

    /// A burst of 3 at the camera's rate: three stills of three frames in order, each decoded at
    /// the asked size, each sidecar naming the libcamera camera and its frame's sequence.
    @Test func aBurstOfThreeFilesThreeFramesInOrder() throws {
        try VimcModule.load()
        let dir = try TemporaryDirectory()
        let result = try CamschedBinary.run(["run", try Self.job(dir, #""burst": {"count": 3}"#).path, "--no-progress"], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        let stills = dir.files().filter { $0.hasSuffix(".jpg") }.sorted()
        try #require(stills.count == 3, "\(dir.files())")
        var sequences: [Int] = []
        for still in stills {
            let probe = try MediaProbe.probe(dir.file(still))
            #expect(probe.width == Self.size.width && probe.height == Self.size.height, "\(still): \(probe)")
            let side = try Self.sidecar(dir, still)
            #expect(side["kind"] as? String == "burst")
            #expect((side["device"] as? [String: Any])?["driver"] as? String == "libcamera", "\(side)")
            let sequence = try #require((side["sequence"] as? [String: Any])?["first"] as? Int, "\(side)")
            sequences.append(sequence)
        }
        // Three different frames, in order. Not consecutive here: under the emulator, filing the
        // first still of a new root (catalog made, JPEG encoded by a debug build) takes seconds
        // while vimc runs on with camsched's 4 buffers queued, and each later still some frames.
        #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $1 > $0 }, "sequences \(sequences)")
    }

    /// Bracketing steps the exposure time; vimc has none: the run says so in one line naming
    /// libcamera's control and what to do, exits 2, and files nothing.
    @Test func aBracketedBurstIsRefusedBeforeAnythingIsTaken() throws {
        try VimcModule.load()
        let dir = try TemporaryDirectory()
        let job = try Self.job(dir, #""burst": {"count": 1, "bracket": [-1, 0, 1]}"#)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 240)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("capture.burst.bracket") && result.stderr.contains("no manual exposure time control (ExposureTime)")
                    && result.stderr.contains("remove capture.burst.bracket"), "\(result.stderr)")
        #expect(dir.files().filter { $0.hasSuffix(".jpg") }.isEmpty, "\(dir.files())")
    }

    /// An external trigger (SIGUSR1) during a trigger job: one clip of the event and its key
    /// still, both decoded at the asked size, the clip's frames its sidecar's, both sidecars
    /// carrying the external event.
    @Test func anExternalTriggerFilesOneClipAndItsStill() throws {
        try VimcModule.load()
        let dir = try TemporaryDirectory()
        let job = try Self.job(dir, #""trigger": {"external": true, "preRoll": "1s", "postRoll": "2s", "duration": "25s", "preset": "ultrafast"}"#)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              environment: ["CAMSCHED_LOCK_DIR": "/tmp", "CAMSCHED_PRESSURE_SOURCES": "file"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        // SIGUSR1 only once the encoder is set up (the pre-roll is logged then) and a second of it is held.
        try #require(VividUnplugTests.wait(for: "pre-roll:", in: dir.file("e.txt"), timeout: 180), "the encoder was never set up")
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.processIdentifier, SIGUSR1)
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        let stdout = (try? String(contentsOf: dir.file("o.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr.suffix(3000))")
        let triggers = stdout.split(separator: "\n").filter { $0.contains(#""event":"trigger""#) || $0.contains(#""event" : "trigger""#) }
        #expect(triggers.count == 1, "\(stdout.suffix(3000))")
        let clips = dir.files().filter { $0.hasSuffix(".mp4") }, stills = dir.files().filter { $0.hasSuffix(".jpg") }
        try #require(clips.count == 1 && stills.count == 1, "\(dir.files())")
        let probe = try MediaProbe.probe(dir.file(clips[0]))
        #expect(probe.codec == "h264" && probe.width == Self.size.width && probe.height == Self.size.height, "\(probe)")
        let clipSide = try Self.sidecar(dir, clips[0])
        let frames = try #require(clipSide["frames"] as? Int)
        #expect(probe.frames == frames, "the sidecar counts the frames the clip holds")
        // 1–2 s of pre-roll and 2 s of post-roll at 10 fps (the emulator loses some): far less than the 25 s the job ran.
        #expect((15...60).contains(frames), "\(frames) frames: \(stderr.suffix(2000))")
        let still = try MediaProbe.probe(dir.file(stills[0]))
        #expect(still.width == Self.size.width && still.height == Self.size.height)
        for side in [clipSide, try Self.sidecar(dir, stills[0])] {
            #expect((side["event"] as? [String: Any])?["kind"] as? String == "external", "\(side)")
            #expect((side["device"] as? [String: Any])?["driver"] as? String == "libcamera", "\(side)")
        }
    }

    /// The controls a job sets reach libcamera with the stream's start (and its requests), and
    /// `--log-level debug` shows them as libcamera got them, in its names and types.
    @Test func theControlsAJobSetsAreLoggedAsSentToLibcamera() throws {
        try VimcModule.load()
        let dir = try TemporaryDirectory()
        let job = try Self.job(dir, #""interval": {"every": "1s", "count": 2}"#,
                               camera: #", "controls": {"Brightness": 0.25, "Contrast": 1.5}"#)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--log-level", "debug"], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        let sent = result.stderr.split(separator: "\n").filter { $0.contains("sent to libcamera") }
        #expect(sent.contains { $0.contains("Brightness=0.25") && $0.contains("Contrast=1.5") }, "\(sent)\n\(result.stderr.suffix(3000))")
        // The emulated guest may skip a shot of the two (its `done` event counts it): one at least.
        #expect(!dir.files().filter { $0.hasSuffix(".jpg") }.isEmpty, "\(dir.files())")
    }

    /// vimc has neither ExposureTime nor AnalogueGain: an exposure ramp cannot drive it, and the
    /// run says so naming libcamera's controls, exits 2 and files nothing.
    @Test func aRampOnACameraWithoutExposureOrGainIsRefusedNamingLibcamerasControls() throws {
        try VimcModule.load()
        let dir = try TemporaryDirectory()
        let job = try Self.job(dir, #""interval": {"every": "1s", "count": 2}"#,
                               camera: #", "exposure": {"mode": "ramp", "target": 0.45, "maxGain": 8}"#)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 240)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("no manual exposure time (ExposureTime) and no gain (AnalogueGain) to ramp"), "\(result.stderr)")
        #expect(dir.files().filter { $0.hasSuffix(".jpg") }.isEmpty, "\(dir.files())")
    }
}
