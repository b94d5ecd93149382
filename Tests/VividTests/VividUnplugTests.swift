import CamschedTestSupport
import Foundation
import Testing

/// A camera unplugged from a recording at any moment — during warm-up, in the first file,
/// just after a segment boundary — with the driver unloaded and loaded again: what was
/// recorded before is filed and plays, camsched keeps no descriptor (the module unloads),
/// resumes within 2 s of the device's return with the same format, and exits 0 at the
/// planned end with the gap in the sidecars. Runs last in the guest: it reloads vivid.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividUnplugTests {
    enum Moment: String, CaseIterable, Sendable { case warmup, firstFile, afterABoundary }

    @Test(arguments: Moment.allCases)
    func anUnplugAtAnyMomentCostsOnlyTheGap(moment: Moment) throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let warmup = moment == .warmup ? "3s" : "1s"
        let segment = moment == .afterABoundary ? ", \"segment\": \"3s\"" : ""
        let job = try dir.write("u.json", """
        {"name": "u", "camera": {"device": "name:vivid", "size": "320x180", "pixelFormat": "YUYV", "fps": 15, "warmup": "\(warmup)"},
         "capture": {"record": {"duration": "16s"\(segment), "preset": "ultrafast"}},
         "throttle": {"serious": 20, "critical": 15, "recoverAfter": "1s"},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        // Pressure at `serious` (20 fps: nothing to lower at 15) until the camera is back, then
        // gone: the throttle goes back to the job's rate — 15, whenever the camera was lost.
        let level = dir.file("level")
        try "serious".write(to: level, atomically: true, encoding: .utf8)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress",
                                                                     "--pressure-from", level.path],
                                              environment: ["CAMSCHED_LOCK_DIR": "/tmp", "CAMSCHED_PRESSURE_SOURCES": "file",
                                                            "CAMSCHED_LOG_LEVEL": "debug"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        switch moment {
        case .warmup:
            // The opener's debug line: the camera is configured, its 3 s warm-up begins.
            try #require(Self.wait(for: "configured after", in: dir.file("e.txt")), "the camera was never configured")
            // One second into the warm-up: time is the scenario here.
            Thread.sleep(forTimeInterval: 1)
        case .firstFile:
            try #require(Self.waitForFrames(under: dir), "the recording never wrote frames")
            // Two seconds into the first file: time is the scenario here.
            Thread.sleep(forTimeInterval: 2)
        case .afterABoundary:
            try #require(Self.wait(for: "\"segment\"", in: dir.file("o.txt")), "no segment was filed")
        }
        // Held and removed from /dev first, released once camsched has let go: vivid would
        // otherwise register the node again at camsched's close and race `modprobe -r`.
        let returnedAt = try Self.unplugAndReload(released: {
            ((try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? "").contains("camera lost")
        })
        #expect(Self.wait(for: "\"resumed\"", in: dir.file("o.txt"), timeout: 30), "camsched did not resume")
        try "nominal".write(to: level, atomically: true, encoding: .utf8)
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        let stdout = (try? String(contentsOf: dir.file("o.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(moment): \(stderr)")
        #expect(stdout.contains("\"interrupted\"") && stdout.contains("\"resumed\""))
        let videos = dir.files().filter { $0.hasSuffix(".mp4") }.sorted()
        #expect(videos.count >= (moment == .warmup ? 1 : 2), "\(videos)")
        for video in videos {
            let probe = try MediaProbe.probe(dir.file(video))
            #expect(probe.width == 320 && probe.height == 180 && probe.frames > 0, "same format after the camera came back")
            #expect(probe.frames == (try Self.sidecar(dir.file(video)))["frames"] as? Int)
            // The job's rate before and after the return, whenever the camera went away (and
            // after pressure eased): every second of every file holds about 15 frames.
            let times = try MediaProbe.probe(dir.file(video), withFrameTimes: true).frameTimes.sorted()
            for second in 0..<max(0, Int(times.last ?? 0)) {
                let inside = times.filter { $0 >= Double(second) && $0 < Double(second + 1) }.count
                #expect(inside <= 17, "\(moment): second \(second) of \(video) holds \(inside) frames, the job asks 15 fps")
            }
        }
        // Listed once, by the file after the gap.
        let listed = try videos.flatMap { try Self.sidecar(dir.file($0))["interruptions"] as? [[String: Any]] ?? [] }
        let gap = try #require(listed.first, "the gap is in the sidecar")
        let resumedAt = try #require((gap["resumedAt"] as? String).flatMap(Self.date))
        // A camera that comes back warms up for at most half a second, whatever the job's warm-up.
        let allowed = 2.0
        #expect(resumedAt.timeIntervalSince(returnedAt) < allowed,
                "resumed \(resumedAt.timeIntervalSince(returnedAt)) s after the return: \(stderr)")
        let last = try Self.sidecar(dir.file(try #require(videos.last)))
        #expect((last["format"] as? [String: Any])?["pixelFormat"] as? String == "YUYV")
    }

    /// Unplugs vivid's first camera, unloads the module — which only works when no process
    /// holds a descriptor or a mapping of it — waits a second and loads it again. Returns when
    /// the camera was back for any program: the module loaded, udev done with its nodes and
    /// their group set (before that a camsched that is not root cannot open it). In the
    /// emulated guest `modprobe` takes about 2 s and udev about 0.5 s more; a camsched running
    /// as root may open the node before, so it can resume before the returned time.
    ///
    /// vivid registers a disconnected node again as soon as its last user closes it, so a
    /// camsched that closes the camera and retries every few tenths of a second can open it
    /// again before the module is removed. With `released`, the unplug is made as a real one
    /// looks: the test holds the node open, removes it from /dev (the disconnect is sent
    /// through the held descriptor), waits until `released` says camsched let go, then lets go
    /// itself — camsched finds no node to reopen until the module is loaded again.
    static func unplugAndReload(released: (() -> Bool)? = nil) throws -> Date {
        var node = VividEnvironment.primary
        var holder: Int32 = -1
        if released != nil {
            holder = open(VividEnvironment.primary, O_RDWR)
            #expect(holder >= 0 && unlink(VividEnvironment.primary) == 0, "could not hold and remove the node: errno \(errno)")
            node = "/proc/\(getpid())/fd/\(holder)"
        }
        let control = try ProcessRunner.run("/usr/bin/v4l2-ctl", ["-d", node, "-c", "disconnect=1"])
        #expect(control.status == 0, "v4l2-ctl: \(control.stderr)")
        if let released, holder >= 0 {
            Wait.until(seconds: 60, every: 0.05) { released() }
            close(holder)
        }
        // The module can go once nobody uses it (its refcnt: open nodes hold it): asked every
        // 50 ms, and modprobe -r run only then.
        var removed = false
        var log = ""
        Wait.until(seconds: 20, every: 0.05) {
            guard (Self.moduleUsers("vivid") ?? 0) == 0 else { return false }
            let remove = try? ProcessRunner.run("/sbin/modprobe", ["-r", "vivid"])
            removed = !FileManager.default.fileExists(atPath: "/sys/module/vivid")
            if !removed { log += "modprobe -r: \(remove.map { "\($0.status) \($0.stderr)" } ?? "could not be run")\n" }
            return removed
        }
        #expect(removed, "camsched kept the camera open while waiting (vivid's refcnt \(Self.moduleUsers("vivid") ?? -1)): \(log)")
        // Away for a second before it comes back: time is the scenario here.
        Thread.sleep(forTimeInterval: 1)
        for _ in 0..<10 where !FileManager.default.fileExists(atPath: VividEnvironment.primary) {
            _ = try ProcessRunner.run("/sbin/modprobe", ["vivid", "n_devs=3"])
            Wait.forFile(URL(fileURLWithPath: VividEnvironment.primary), seconds: 2)
        }
        _ = try ProcessRunner.run("/bin/sh", ["-c", "udevadm settle; chgrp video /dev/video*; chmod 660 /dev/video*"])
        #expect(FileManager.default.fileExists(atPath: VividEnvironment.primary), "vivid could not be reloaded")
        return Date()
    }

    /// Waits until a recording under `dir` is really writing frames: its partial file has grown
    /// past the header (an emulated board can take seconds to open an encoder).
    static func waitForFrames(under dir: TemporaryDirectory, timeout: TimeInterval = 120) -> Bool {
        Wait.until(seconds: timeout, every: 0.05) {
            dir.files().contains { name in
                name.hasSuffix(".partial")
                    && ((try? FileManager.default.attributesOfItem(atPath: dir.file(name).path)[.size] as? Int) ?? 0) > 4096
            }
        }
    }

    /// Waits until `file` (a run's stdout or stderr) contains `text`.
    static func wait(for text: String, in file: URL, timeout: TimeInterval = 120) -> Bool {
        Wait.until(seconds: timeout, every: 0.05) {
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains(text)
        }
    }

    /// How many users hold a kernel module (`/sys/module/NAME/refcnt`); nil when it is not loaded.
    static func moduleUsers(_ module: String) -> Int? {
        (try? String(contentsOfFile: "/sys/module/\(module)/refcnt", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    static func sidecar(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: url.path + ".json"))) as? [String: Any] ?? [:]
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
