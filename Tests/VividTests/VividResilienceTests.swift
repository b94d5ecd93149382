import CamschedTestSupport
import Foundation
import Testing

/// Recordings on vivid through faults: stream errors, dropped buffers, a camera that is
/// unplugged and comes back. Runs last in the guest: it reloads the vivid module.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividResilienceTests {
    static func control(_ setting: String, device: String = VividEnvironment.primary) throws {
        let result = try ProcessRunner.run("/usr/bin/v4l2-ctl", ["-d", device, "-c", setting])
        #expect(result.status == 0, "v4l2-ctl -c \(setting): \(result.stderr)")
    }

    static func recordingJob(_ dir: TemporaryDirectory, name: String, duration: String, segment: String? = nil) throws -> URL {
        let seg = segment.map { ", \"segment\": \"\($0)\"" } ?? ""
        return try dir.write("\(name).json", """
        {"name": "\(name)", "camera": {"device": "name:vivid", "size": "320x180", "fps": 15, "warmup": "0s"},
         "capture": {"record": {"duration": "\(duration)"\(seg), "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
    }

    static func sidecar(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: url.path + ".json"))) as? [String: Any] ?? [:]
    }

    @Test func droppedBuffersAreCountedInTheSidecar() throws {
        try VividEnvironment.captureDevice().close()
        try Self.control("percentage_of_dropped_buffers=20")
        defer { try? Self.control("percentage_of_dropped_buffers=0") }
        let dir = try TemporaryDirectory()
        let job = try Self.recordingJob(dir, name: "drops", duration: "5s")
        let result = try CamschedBinary.run(["run", job.path, "--no-progress"], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        let video = try #require(dir.files().first { $0.hasSuffix(".mp4") })
        let side = try Self.sidecar(dir.file(video))
        let dropped = side["droppedFrames"] as? Int ?? 0
        let frames = side["frames"] as? Int ?? 0
        let share = Double(dropped) / Double(max(1, dropped + frames))
        #expect(share > 0.08 && share < 0.35, "dropped \(dropped) of \(dropped + frames)")
        #expect(try MediaProbe.probe(dir.file(video)).frames == frames)
    }

    @Test func aFatalStreamingErrorRestartsTheStream() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let job = try Self.recordingJob(dir, name: "eio", duration: "8s")
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              environment: ["CAMSCHED_LOCK_DIR": "/tmp"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        Thread.sleep(forTimeInterval: 4)
        try Self.control("inject_fatal_streaming_error=1")
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("restarting the stream"), "\(stderr)")
        let videos = dir.files().filter { $0.hasSuffix(".mp4") }
        #expect(videos.count == 2, "a file before and one after the restart: \(videos)")
        let total = try videos.reduce(0) { $0 + (try MediaProbe.probe(dir.file($1)).frames) }
        #expect(total > 60, "frames \(total)")
    }

    @Test func aCameraUnpluggedAndBackIsReopenedWithTheSameFormat() throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let job = try Self.recordingJob(dir, name: "unplug", duration: "16s")
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              environment: ["CAMSCHED_LOCK_DIR": "/tmp"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        Thread.sleep(forTimeInterval: 4)
        try Self.control("disconnect=1")
        Thread.sleep(forTimeInterval: 1)
        // Unplug and replug: the module goes away and comes back (its nodes are new).
        // `modprobe -r` fails while camsched still holds the node; `modprobe` may report an
        // error while the new nodes appear anyway: judge by /sys and /dev, not by exit codes.
        var removed = false
        var log = ""
        for _ in 0..<30 where !removed {
            let remove = try ProcessRunner.run("/sbin/modprobe", ["-r", "vivid"])
            removed = !FileManager.default.fileExists(atPath: "/sys/module/vivid")
            if !removed { log += "modprobe -r: \(remove.status) \(remove.stderr)\n"; Thread.sleep(forTimeInterval: 0.5) }
        }
        var reloaded = false
        for _ in 0..<10 where removed && !reloaded {
            let add = try ProcessRunner.run("/sbin/modprobe", ["vivid", "n_devs=3"])
            Thread.sleep(forTimeInterval: 0.2)
            reloaded = FileManager.default.fileExists(atPath: VividEnvironment.primary)
            if !reloaded { log += "modprobe: \(add.status) \(add.stderr)\n"; Thread.sleep(forTimeInterval: 0.5) }
        }
        _ = try ProcessRunner.run("/bin/sh", ["-c", "chgrp video /dev/video*; chmod 660 /dev/video*"])
        #expect(reloaded, "vivid could not be reloaded: \(log)")
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        let stdout = (try? String(contentsOf: dir.file("o.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stdout.contains("\"interrupted\""))
        #expect(stdout.contains("\"resumed\""))
        let videos = dir.files().filter { $0.hasSuffix(".mp4") }.sorted()
        #expect(videos.count == 2, "\(videos)")
        for video in videos {
            let probe = try MediaProbe.probe(dir.file(video))
            #expect(probe.width == 320 && probe.height == 180, "same format after the camera came back")
        }
        let last = try Self.sidecar(dir.file(try #require(videos.last)))
        let interruptions = last["interruptions"] as? [[String: Any]] ?? []
        #expect(interruptions.count == 1)
        #expect(interruptions.first?["resumedAt"] is String)
        #expect((last["format"] as? [String: Any])?["pixelFormat"] as? String != nil)
    }
}
