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
        // Inject once frames flow (a slow, emulated start must not make it hit a camera not yet open).
        try #require(VividUnplugTests.waitForFrames(under: dir), "the recording never wrote frames")
        // A second into the first file: time is the scenario here.
        Thread.sleep(forTimeInterval: 1)
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
}
