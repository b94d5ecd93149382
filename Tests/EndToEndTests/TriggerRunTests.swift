import CamschedTestSupport
import Foundation
import Testing

/// `trigger` jobs through the binary: a generated clip with a block that appears at 10 s and
/// leaves at 14 s and a brightness ramp at 20 s (one motion clip, nothing for the ramp), and
/// external events by SIGUSR1 and by `camsched trigger NAME` through the job's socket.
@Suite(.serialized) struct TriggerRunTests {
    /// 30 s at 30 fps of colour bars (luma scaled to 60 % so a 30 % ramp never clips), a
    /// white 120×120 block at (400, 150) from 10 s to 14 s, and the picture brightened by 30 %
    /// over 20–22 s (`eq` with contrast k and brightness (k − 1)/2 multiplies by k).
    static func makeFeederClip(in dir: TemporaryDirectory) throws -> URL {
        let clip = dir.file("feeder.mp4")
        let filter = "lutyuv=y=val*0.6,drawbox=x=400:y=150:w=120:h=120:color=white:t=fill:enable='between(t,10,14)',"
            + "eq=contrast='1+0.3*clip((t-20)/2,0,1)':brightness='0.15*clip((t-20)/2,0,1)':eval=frame,format=yuv420p"
        let result = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i",
                                                               "smptebars=size=640x360:rate=30:duration=30", "-vf", filter,
                                                               "-c:v", "libx264", "-preset", "ultrafast", "-g", "15", clip.path],
                                           timeout: 300)
        try #require(result.status == 0, "\(result.stderr)")
        return clip
    }

    static func triggerJob(name: String, device: String, trigger: String) -> String {
        """
        {"name": "\(name)", "camera": {"device": "\(device)", "warmup": "0s"},
         "capture": {"trigger": {\(trigger), "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{kind}-{seq}"}}
        """
    }

    @Test func aBlockMakesExactlyOneClipWithItsPreRollAndTheRampNone() throws {
        let dir = try TemporaryDirectory("trigger-motion")
        let clip = try Self.makeFeederClip(in: dir)
        let job = try dir.write("feeder.json", Self.triggerJob(name: "feeder", device: "file:\(clip.path)?pace=fast",
                                                                trigger: "\"motion\": {\"threshold\": 0.03, \"area\": 0.005}, \"preRoll\": \"3s\", \"postRoll\": \"5s\""))
        let result = try CamschedBinary.run(["run", job.path, "--json"], timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        let triggers = JobFixtures.events(result.stdout).filter { $0["event"] as? String == "trigger" }
        #expect(triggers.count == 1, "one event for the block, none for the ramp: \(triggers)")
        let clips = JobFixtures.filed(dir, ext: "mp4")
        try #require(clips.count == 1, "\(dir.files())")
        let sidecar = try JobFixtures.sidecar(clips[0])
        let sequence = try #require(sidecar["sequence"] as? [String: Int])
        let (first, last) = (try #require(sequence["first"]), try #require(sequence["last"]))
        // The keyframe at or before 10 s − 3 s (keyframes every second), and ~5 s after the block left at 14 s.
        #expect((180...210).contains(first), "clip starts at frame \(first)")
        #expect((555...615).contains(last), "clip ends at frame \(last)")
        let probe = try MediaProbe.probe(clips[0])
        #expect(probe.frames == last - first + 1, "every frame decodes")
        #expect(probe.frames == sidecar["frames"] as? Int)
        #expect(sidecar["kind"] as? String == "clip")
        let event = try #require(sidecar["event"] as? [String: Any])
        #expect(event["kind"] as? String == "motion")
        let box = try #require(event["box"] as? [Double])
        #expect(abs(box[0] - 0.625) < 0.02 && abs(box[1] - 0.417) < 0.02 && abs(box[2] - 0.1875) < 0.03 && abs(box[3] - 0.333) < 0.03, "\(box)")
        // event.at on the clip's clock: 10 s of video after the clip's first frame at first/30 s.
        let at = try #require((event["at"] as? String).flatMap(Self.date))
        let started = try #require((sidecar["startedAt"] as? String).flatMap(Self.date))
        #expect(abs(at.timeIntervalSince(started) - (10 - Double(first) / 30)) <= 0.2, "event at \(at), clip from \(started)")
        try checkKeyStill(dir, event: event)
    }

    private func checkKeyStill(_ dir: TemporaryDirectory, event: [String: Any]) throws {
        let stills = JobFixtures.filed(dir, ext: "jpg")
        try #require(stills.count == 1)
        let still = try JobFixtures.sidecar(stills[0])
        let frame = try #require((still["sequence"] as? [String: Int])?["first"])
        #expect(abs(frame - 300) <= 6, "the key still is the frame the block appeared in (frame \(frame))")
        #expect((still["event"] as? [String: Any])?["at"] as? String == event["at"] as? String)
        let raw = dir.file("still.gray")
        let decoded = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", stills[0].path, "-f", "rawvideo",
                                                                "-pix_fmt", "gray", raw.path], timeout: 60)
        try #require(decoded.status == 0, "\(decoded.stderr)")
        let luma = [UInt8](try Data(contentsOf: raw))
        try #require(luma.count == 640 * 360)
        func mean(_ x: Range<Int>, _ y: Range<Int>) -> Double {
            var sum = 0
            for row in y { for column in x { sum += Int(luma[row * 640 + column]) } }
            return Double(sum) / Double(x.count * y.count)
        }
        #expect(mean(410..<510, 160..<260) > 220, "the block is in the key still")
        #expect(mean(300..<380, 160..<260) < 200, "beside it, the bars")
    }

    @Test func sigusr1FilesOneExternalClipOfPreRollPlusPostRoll() throws {
        let dir = try TemporaryDirectory("trigger-usr1")
        let job = try dir.write("door.json", Self.triggerJob(name: "door-usr1", device: "test:?size=320x180&fps=15",
                                                              trigger: "\"external\": true, \"preRoll\": \"2s\", \"postRoll\": \"3s\", \"duration\": \"9s\""))
        let runtime = try Self.runtimeFolder(dir)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json"], environment: ["XDG_RUNTIME_DIR": runtime],
                                              stdout: dir.file("stdout"), stderr: dir.file("stderr"))
        try Self.waitForSocket(runtime: runtime, job: "door-usr1")
        try Self.fillPreRoll(stderr: dir.file("stderr"), seconds: 3)
        kill(process.processIdentifier, SIGUSR1)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\((try? String(contentsOf: dir.file("stderr"), encoding: .utf8)) ?? "")")
        try checkExternalClip(dir, stdout: try String(contentsOf: dir.file("stdout"), encoding: .utf8))
    }

    @Test func camschedTriggerReachesTheJobThroughItsSocket() throws {
        let dir = try TemporaryDirectory("trigger-socket")
        let job = try dir.write("door.json", Self.triggerJob(name: "door-socket", device: "test:?size=320x180&fps=15",
                                                              trigger: "\"external\": true, \"preRoll\": \"2s\", \"postRoll\": \"3s\", \"duration\": \"9s\""))
        let runtime = try Self.runtimeFolder(dir)
        let notRunning = try CamschedBinary.run(["trigger", "door-socket"], environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(notRunning.status == 1 && notRunning.stderr.contains("running"), "\(notRunning.stderr)")
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json"], environment: ["XDG_RUNTIME_DIR": runtime],
                                              stdout: dir.file("stdout"), stderr: dir.file("stderr"))
        let socket = try Self.waitForSocket(runtime: runtime, job: "door-socket")
        var status = stat()
        #expect(lstat(socket, &status) == 0 && status.st_mode & 0o777 == 0o600, "the socket is the user's alone")
        try Self.fillPreRoll(stderr: dir.file("stderr"), seconds: 3)
        let sent = try CamschedBinary.run(["trigger", "door-socket"], environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(sent.status == 0 && sent.stdout.contains("accepted"), "\(sent.stderr)")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        try checkExternalClip(dir, stdout: try String(contentsOf: dir.file("stdout"), encoding: .utf8))
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket is removed when the job ends")
    }

    /// One external event: one clip of 2–3 s of pre-roll (from a keyframe) plus 3 s, that decodes fully.
    private func checkExternalClip(_ dir: TemporaryDirectory, stdout: String) throws {
        let triggers = JobFixtures.events(stdout).filter { $0["event"] as? String == "trigger" }
        #expect(triggers.count == 1 && triggers.first?["kind"] as? String == "external", "\(triggers)")
        let clips = JobFixtures.filed(dir, ext: "mp4")
        try #require(clips.count == 1, "\(dir.files())")
        let sidecar = try JobFixtures.sidecar(clips[0])
        #expect((sidecar["event"] as? [String: Any])?["kind"] as? String == "external")
        let frames = try #require(sidecar["frames"] as? Int)
        #expect((75...90).contains(frames), "preRoll 2 s (+ up to one keyframe interval) + postRoll 3 s at 15 fps: \(frames)")
        #expect(try MediaProbe.probe(clips[0]).frames == frames)
        #expect(JobFixtures.filed(dir, ext: "jpg").count == 1, "the key still")
    }

    static func runtimeFolder(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.file("runtime").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }

    /// Waits for the job's trigger socket; `stderr`, when given, is the job's log, shown if it
    /// never comes (a job that failed to open its camera says why there).
    @discardableResult
    static func waitForSocket(runtime: String, job: String, stderr: URL? = nil) throws -> String {
        let path = runtime + "/camsched/" + job + ".trigger"
        try #require(Wait.forFile(URL(fileURLWithPath: path), seconds: 60),
                     "the job never served \(path): \(stderr.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? "")")
        return path
    }

    /// Waits until the job's clip recorder is set up (it logs its pre-roll's memory bound once
    /// the camera is configured and frames flow), then `seconds` more: time is the scenario, a
    /// pre-roll is that many seconds of frames kept before an event.
    static func fillPreRoll(stderr: URL, seconds: Double) throws {
        let configured = Wait.until(seconds: 60) {
            ((try? String(contentsOf: stderr, encoding: .utf8)) ?? "").contains("pre-roll: ")
        }
        try #require(configured, "the clip recorder was never set up: \((try? String(contentsOf: stderr, encoding: .utf8)) ?? "")")
        Thread.sleep(forTimeInterval: seconds)
    }

    /// Runs the external-trigger job `job` (named `name`), sends it SIGUSR1 once its pre-roll
    /// is full (3 s), waits for it to end with success and returns its one clip.
    static func oneExternalClip(_ dir: TemporaryDirectory, job: URL, name: String, arguments: [String] = []) throws -> URL {
        let runtime = try runtimeFolder(dir)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path] + arguments, environment: ["XDG_RUNTIME_DIR": runtime],
                                              stdout: dir.file("stdout"), stderr: dir.file("stderr"))
        try waitForSocket(runtime: runtime, job: name, stderr: dir.file("stderr"))
        try fillPreRoll(stderr: dir.file("stderr"), seconds: 3)
        kill(process.processIdentifier, SIGUSR1)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\((try? String(contentsOf: dir.file("stderr"), encoding: .utf8)) ?? "")")
        let clips = JobFixtures.filed(dir, ext: "mp4")
        try #require(clips.count == 1, "\(dir.files())")
        return clips[0]
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
