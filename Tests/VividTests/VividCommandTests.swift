import CamschedCore
import CamschedTestSupport
import CamschedV4L2
import Foundation
import Testing

/// The `camsched` binary against the kernel's vivid driver (run inside the guest by `make test`).
/// Destructive cases (busy, permission) use the third vivid instance, /dev/video8.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividCommandTests {
    @Test func devicesJSONListsVividWithItsFormatsAndFrameIntervals() throws {
        try VividEnvironment.captureDevice().close()
        let result = try CamschedBinary.run(["devices", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let devices = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let video0 = try #require(devices.first { $0["path"] as? String == "/dev/video0" })
        #expect(video0["driver"] as? String == "vivid")
        #expect(video0["isCapture"] as? Bool == true)
        let formats = try #require(video0["formats"] as? [[String: Any]])
        #expect(formats.count >= 10, "vivid offers \(formats.count) formats")
        let yuyv = try #require(formats.first { $0["fourCC"] as? String == "YUYV" })
        let sizes = try #require(yuyv["frameSizes"] as? [[String: Any]])
        let size = try #require(sizes.first { $0["width"] as? Int == 640 && $0["height"] as? Int == 360 })
        let intervals = try #require(size["intervals"] as? [Any])
        #expect(!intervals.isEmpty)
        #expect(result.stdout.contains("\"1/30\"") || result.stdout.contains("\"denominator\" : 30"), "640x360 offers 30 fps")
        let video1 = devices.first { $0["path"] as? String == "/dev/video1" }
        #expect(video1?["isCapture"] as? Bool == false)
        let text = try CamschedBinary.run(["devices"])
        #expect(text.stdout.contains("/dev/video0"))
        #expect(text.stdout.contains("brightness"))
    }

    @Test(arguments: [(320, 180), (1280, 720)])
    func snapshotFromVividDecodesAtTheAskedSize(width: Int, height: Int) throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let out = dir.file("v.jpg")
        let result = try CamschedBinary.run(["snapshot", "--device", "/dev/video0", "--size", "\(width)x\(height)", "-o", out.path],
                                            timeout: 180)
        #expect(result.status == 0, "\(result.stderr)")
        let probe = try MediaProbe.probe(out)
        #expect(probe.codec == "mjpeg")
        #expect(probe.width == width && probe.height == height)
        // vivid's colour bars (YUYV, limited range) have a black bar: 16 from the camera is 0 in
        // a (full-range) JPEG; a still that kept 16 would look washed out.
        let luma = try MediaProbe.lumaExtremes(out, width: width, height: height)
        #expect(luma.darkest <= 4, "black bar at \(luma.darkest), not 0: limited range not expanded")
    }

    @Test func missingDeviceExitsThreeNamingWhatExists() throws {
        try VividEnvironment.captureDevice().close()
        let result = try CamschedBinary.run(["snapshot", "--device", "/dev/video42", "-o", "/tmp/none.jpg"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("/dev/video42"))
        #expect(result.stderr.contains("/dev/video0"), "lists the cameras present: \(result.stderr)")
    }

    @Test func noPermissionExitsThreeAndNamesTheVideoGroup() throws {
        try VividEnvironment.captureDevice().close()
        let node = VividEnvironment.tertiary
        let before = try FileManager.default.attributesOfItem(atPath: node)[.posixPermissions] as? Int ?? 0o660
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: node)
        defer { try? FileManager.default.setAttributes([.posixPermissions: before], ofItemAtPath: node) }
        let result = try ProcessRunner.run("/usr/bin/setpriv", [
            "--reuid=65534", "--regid=65534", "--clear-groups", CamschedBinary.path,
            "snapshot", "--device", node, "-o", "/tmp/perm.jpg",
        ], environment: ["CAMSCHED_LOCK_DIR": "/tmp"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("permission"))
        #expect(result.stderr.contains("video group") || result.stderr.contains("usermod -aG video"))
    }

    @Test func busyCameraExitsThreeSayingItIsBusy() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let streamer = try ProcessRunner.start("/usr/bin/v4l2-ctl", ["-d", VividEnvironment.tertiary, "--stream-mmap", "--stream-count=100000"],
                                               stdout: dir.file("s.out"), stderr: dir.file("s.err"))
        defer {
            // SIGKILL: the streamer may sit in VIDIOC_DQBUF with SIGTERM ignored (inherited).
            kill(streamer.processIdentifier, SIGKILL)
            streamer.waitUntilExit()
        }
        // Until v4l2-ctl holds the queue: another descriptor's VIDIOC_S_FMT then answers EBUSY
        // (asked every 100 ms).
        let probe = try VividEnvironment.captureDevice(VividEnvironment.tertiary)
        let held = Wait.until(seconds: 30, every: 0.1) {
            do throws(V4L2Error) {
                _ = try probe.formats.set(fourCC: .yuyv, width: 640, height: 360)
                return false
            } catch {
                return error == .busy(path: VividEnvironment.tertiary)
            }
        }
        probe.close()
        try #require(held, "v4l2-ctl never held the camera: \((try? String(contentsOf: dir.file("s.err"), encoding: .utf8)) ?? "")")
        let result = try CamschedBinary.run(["snapshot", "--device", VividEnvironment.tertiary, "--size", "640x360", "-o", dir.file("b.jpg").path])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("busy"))
    }

    @Test func intervalJobOnVivid() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let job = try dir.write("v.json", """
        {"name": "vtl", "camera": {"device": "/dev/video0", "size": "320x180", "fps": 15, "warmup": "200ms",
          "exposure": "auto", "focus": "auto"},
         "capture": {"interval": {"every": "500ms", "count": 4}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--json", "--no-progress"], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        let stills = dir.files().filter { $0.hasSuffix(".jpg") }
        // A shot whose due time passed while the emulated machine stalled is skipped and
        // counted, not taken late: the 4 shots are the stills plus the skipped ones.
        let done = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .first { $0["event"] as? String == "done" }
        let skipped = try #require(done?["skipped"] as? Int, "\(result.stdout)")
        #expect(stills.count + skipped == 4 && skipped <= 1, "\(stills.count) stills, \(skipped) skipped")
        for still in stills {
            let probe = try MediaProbe.probe(dir.file(still))
            #expect(probe.width == 320 && probe.height == 180)
            let side = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.file(still + ".json"))) as? [String: Any] ?? [:]
            #expect((side["device"] as? [String: Any])?["driver"] as? String == "vivid")
            #expect((side["fps"] as? [String: Any])?["actual"] as? Double == 15)
        }
        // vivid has no exposure or focus controls: a warning, not a failure.
        #expect(result.stdout.contains("\"warning\""))
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path])
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func recordingOnVividIsPlayableWithTheRightFrames() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let job = try dir.write("r.json", """
        {"name": "vrec", "camera": {"device": "/dev/video0", "size": "320x180", "fps": 15, "warmup": "0s"},
         "capture": {"record": {"duration": "4s", "segment": "2s", "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        let videos = dir.files().filter { $0.hasSuffix(".mp4") }.map { dir.file($0) }
        #expect(videos.count == 2)
        var total = 0, dropped = 0
        var first: Int?, last: Int?
        for video in videos {
            let probe = try MediaProbe.probe(video)
            #expect(probe.codec == "h264" && probe.width == 320 && probe.height == 180)
            let side = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: video.path + ".json"))) as? [String: Any] ?? [:]
            #expect(side["frames"] as? Int == probe.frames, "the sidecar counts the frames the file holds")
            total += probe.frames
            dropped += side["droppedFrames"] as? Int ?? 0
            let sequence = side["sequence"] as? [String: Any] ?? [:]
            if let last, let next = sequence["first"] as? Int { #expect(next == last + 1, "gapless segments") }
            first = first ?? sequence["first"] as? Int
            last = sequence["last"] as? Int
        }
        // vivid's generator thread skips sequence numbers when the (emulated) guest falls behind;
        // camsched must file every frame it was given and count every one it was not. (A drop is
        // charged to the segment open when the capture thread saw it, which can be a frame or two
        // ahead of the encoder, hence the small slack.)
        let span = (last ?? 0) - (first ?? 0) + 1
        #expect(abs(total + dropped - span) <= 2, "frames \(total) + dropped \(dropped) cover sequences \(first ?? -1)...\(last ?? -1)")
        #expect(abs(span - 60) <= 3, "4 s at 15 fps: \(span) frames produced, \(total) filed, \(dropped) dropped")
        #expect(total >= 45, "a guest this slow is not a fair test: \(total) of \(span) frames arrived")
    }
}

extension VividCommandTests {
    @Test func aSecondRunOnTheSameCameraWaitsOrFailsAsItsLockSays() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let locks = try TemporaryDirectory("locks")
        let long = try dir.write("long.json", """
        {"name": "long", "camera": {"device": "/dev/video0", "size": "320x180", "fps": 15, "warmup": "0s"},
         "capture": {"record": {"duration": "6s", "preset": "ultrafast"}}, "output": {"root": "out"}}
        """)
        let short = try dir.write("short.json", """
        {"name": "short", "camera": {"device": "/dev/video0", "size": "320x180", "warmup": "0s"},
         "capture": {"interval": {"every": "1s", "count": 1}}, "output": {"root": "out"}}
        """)
        let env = ["CAMSCHED_LOCK_DIR": locks.url.path]
        let first = try ProcessRunner.start(CamschedBinary.path, ["run", long.path, "--json", "--no-progress"], environment: env,
                                            stdout: dir.file("1.out"), stderr: dir.file("1.err"))
        // Its `start` event comes once it holds the camera's lock.
        try #require(Wait.forEvent("start", in: dir.file("1.out"), seconds: 120) != nil,
                     "the first run never started: \((try? String(contentsOf: dir.file("1.err"), encoding: .utf8)) ?? "")")
        let fail = try CamschedBinary.run(["run", short.path, "--no-progress", "--lock", "fail"], environment: env, timeout: 120)
        #expect(fail.status == 75, "\(fail.stderr)")
        let wait = try CamschedBinary.run(["run", short.path, "--no-progress", "--lock", "wait"], environment: env, timeout: 240)
        #expect(wait.status == 0, "\(wait.stderr)")
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(dir.files().filter { $0.hasSuffix(".jpg") }.count == 1)
    }
}
