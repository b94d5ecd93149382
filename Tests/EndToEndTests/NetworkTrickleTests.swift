import CamschedTestSupport
import Foundation
import Testing

/// Network cameras that answer, but a byte at a time (``TricklingCamera``): no single read ever
/// waits long enough to time out, so only a deadline for the whole wait — the open, each frame
/// — ends it, and only a stop that reaches into the wait ends it at once. Through the binary:
/// `run`, `snapshot` and `daemon`, HTTP and RTSP, the answer's head and the frames trickled.
@Suite struct NetworkTrickleTests {
    /// LiveStreamReader.openTimeout: how long an open may take in all.
    static let openDeadline = 10.0
    /// What a command may take beyond a deadline on a loaded two-core machine: starting the
    /// process, loading FFmpeg's libraries, closing.
    static let slack = 5.0

    static func intervalJob(_ dir: TemporaryDirectory, device: String) throws -> URL {
        try dir.write("t.json", """
            {"name": "t", "camera": {"device": "\(device)"}, "capture": {"interval": {"every": "1s", "count": 2}},
             "output": {"root": "out"}}
            """)
    }

    static func recordJob(_ dir: TemporaryDirectory, name: String, device: String, seconds: Int, schedule: Bool = false) throws -> URL {
        try dir.write(schedule ? "jobs/\(name).json" : "\(name).json", """
            {"name": "\(name)", "camera": {"device": "\(device)"},
             "capture": {"record": {"duration": "\(seconds)s", "codec": "copy"}},
             "output": {"root": "\(schedule ? "../out" : "out")", "path": "{job}/{kind}-{seq}"}
             \(schedule ? #", "schedule": {"cron": "0 0 1 1 *", "timezone": "UTC"}"# : "")}
            """)
    }

    /// `command` run to its end, and how long it took.
    static func timed(_ command: [String]) throws -> (ProcessResult, Double) {
        let began = Date()
        let result = try CamschedBinary.run(command, timeout: openDeadline * 3)
        return (result, Date().timeIntervalSince(began))
    }

    /// What a run or snapshot says of a camera too slow to open: exit 3, the reason and the
    /// deadline, at the deadline (not before: it was not another failure; not much after).
    static func expectTooSlowToOpen(_ result: ProcessResult, took seconds: Double, device: String, port: Int) {
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("cannot reach the network camera \(device): 127.0.0.1:\(port) answered, but too slowly")
                && result.stderr.contains("did not come within 10 s") && result.stderr.contains("check the camera's load"),
                "\(result.stderr)")
        #expect(seconds >= openDeadline - 1 && seconds < openDeadline + slack, "took \(seconds) s")
    }

    @Test(arguments: ["http", "rtsp"])
    func aRunOnACameraThatTricklesItsAnswerEndsAtTheOpenDeadline(scheme: String) throws {
        let dir = try TemporaryDirectory()
        let camera = try TricklingCamera(dir, mode: "head", pictures: [])
        let device = scheme == "http" ? camera.http : camera.rtsp
        let (result, seconds) = try Self.timed(["run", try Self.intervalJob(dir, device: device).path, "--no-progress"])
        Self.expectTooSlowToOpen(result, took: seconds, device: device, port: camera.port)
        #expect(JobFixtures.filed(dir, ext: "jpg").isEmpty)
    }

    @Test func aSnapshotOfACameraThatTricklesItsFirstFrameEndsAtTheOpenDeadline() throws {
        let dir = try TemporaryDirectory()
        let camera = try TricklingCamera(dir, mode: "body", pictures: [try TricklingCamera.picture(dir, size: "320x180")])
        let still = dir.file("still.jpg")
        let (result, seconds) = try Self.timed(["snapshot", "--device", camera.http, "-o", still.path])
        Self.expectTooSlowToOpen(result, took: seconds, device: camera.http, port: camera.port)
        #expect(!FileManager.default.fileExists(atPath: still.path))
    }

    @Test(arguments: ["run", "snapshot"])
    func sigtermDuringATrickledOpenEndsTheCommandAtOnce(command: String) throws {
        let dir = try TemporaryDirectory()
        let camera = try TricklingCamera(dir, mode: "head", pictures: [])
        let arguments = command == "run" ? ["run", try Self.intervalJob(dir, device: camera.http).path, "--no-progress"]
            : ["snapshot", "--device", camera.http, "-o", dir.file("still.jpg").path]
        let process = try ProcessRunner.start(CamschedBinary.path, arguments, stdout: dir.file("c.out"), stderr: dir.file("c.err"))
        defer { if process.isRunning { process.terminate() } }
        // camsched is reading the answer's head.
        try #require(camera.saw("trickle 1"), "camsched connected")
        let signalled = Date()
        kill(process.processIdentifier, SIGTERM)
        _ = Wait.until(seconds: Self.openDeadline + Self.slack) { !process.isRunning }
        let seconds = Date().timeIntervalSince(signalled)
        let stderr = try String(contentsOf: dir.file("c.err"), encoding: .utf8)
        #expect(!process.isRunning && process.terminationStatus == 143, "\(stderr)")
        // Well before the open's deadline: the stop ended the wait, not the deadline.
        #expect(seconds < 3, "stopped \(seconds) s after SIGTERM")
        #expect(!stderr.contains("too slowly"), "\(stderr)")
        #expect(dir.files().allSatisfy { !$0.hasSuffix(".jpg") && !$0.hasSuffix(".partial") }, "\(dir.files())")
    }

    @Test func aCameraThatStallsMidStreamIsLostAtTheFrameDeadline() throws {
        let dir = try TemporaryDirectory()
        let camera = try TricklingCamera(dir, mode: "stall", pictures: [try TricklingCamera.picture(dir, size: "320x180")])
        let job = try Self.recordJob(dir, name: "s", device: camera.http, seconds: 8)
        let began = Date()
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--json"], timeout: 60)
        let seconds = Date().timeIntervalSince(began)
        let events = JobFixtures.events(result.stdout)
        let lost = try #require(events.first { $0["event"] as? String == "interrupted" }, "\(result.stderr)")
        #expect(lost["reason"] as? String == "no frames" && (lost["message"] as? String)?.contains("delivered no frame for 3.0 s") == true,
                "\(lost)")
        // Never back (the server closes every later connection): the run ends at its planned end, saying why.
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("the camera did not come back before the recording's planned end; the last attempt: "
                                       + "cannot reach the network camera \(camera.http)"), "\(result.stderr)")
        #expect(seconds < 8 + Self.slack, "took \(seconds) s")
        let file = try #require(JobFixtures.filed(dir, ext: "mp4").first, "the frames before the stall are filed")
        #expect(try MediaProbe.probe(file).frames >= 5)
    }

    @Test(arguments: ["head", "stall"])
    func aDaemonStopsWithinTwoSecondsWhateverItsCameraDoes(mode: String) throws {
        let dir = try TemporaryDirectory()
        let camera = try TricklingCamera(dir, mode: mode, pictures: [try TricklingCamera.picture(dir, size: "320x180")])
        _ = try Self.recordJob(dir, name: "d", device: camera.http, seconds: 60, schedule: true)
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0"], in: dir)
        #expect(try live.post("/api/jobs/d/run").status == 202)
        // `head`: the open waits for the answer's head; `stall`: the recording waits inside a frame.
        try #require(camera.saw("trickle 1"), "the camera trickles: \(live.log)")
        let signalled = Date()
        let status = live.stop(SIGTERM)
        let seconds = Date().timeIntervalSince(signalled)
        #expect(status == 143, "\(live.log)")
        #expect(seconds < 2 + 2, "stopped \(seconds) s after SIGTERM: \(live.log)")
        #expect(!dir.files().contains { $0.hasSuffix(".partial") }, "\(dir.files())")
        if mode == "stall" {
            let file = try #require(JobFixtures.filed(dir, ext: "mp4").first, "the recording is filed: \(dir.files())")
            #expect(try MediaProbe.probe(file).frames >= 5)
        }
    }

    @Test func aCameraThatComesBackAtAnotherSizeSaysSoAndTheRunEndsNamingIt() throws {
        let dir = try TemporaryDirectory()
        let pictures = [try TricklingCamera.picture(dir, size: "640x360"), try TricklingCamera.picture(dir, size: "320x180")]
        let camera = try TricklingCamera(dir, mode: "resize", pictures: pictures)
        let job = try Self.recordJob(dir, name: "r", device: camera.http, seconds: 5)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress", "--json"], timeout: 60)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(camera.saw("connection 3", seconds: 0), "camsched tried again after the return")
        let changed = "camera \(camera.http) came back as MJPG 320x180"
        let warnings = JobFixtures.events(result.stdout).filter { $0["event"] as? String == "warning" }
            .compactMap { $0["message"] as? String }.filter { $0.contains(changed) }
        // Said once at warning level, with both sizes and what to do, though it was refused at every attempt.
        #expect(warnings.count == 1, "\(result.stdout)")
        #expect(warnings.first?.contains("instead of MJPG 640x360") == true && warnings.first?.contains("set the camera back to") == true
                && warnings.first?.contains("start the run again") == true, "\(warnings)")
        #expect(result.stderr.contains("the camera came back before the recording's planned end but could not be used: \(changed)"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("did not come back"), "\(result.stderr)")
        #expect(JobFixtures.filed(dir, ext: "mp4").count == 1, "the file before the loss")
    }
}
