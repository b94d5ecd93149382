import CamschedTestSupport
import CamschedV4L2
import Foundation
import Testing

/// A time-lapse whose stream stays open runs vivid at a slower rate between shots and at the
/// job's rate for each shot: watched from a second descriptor with `VIDIOC_G_PARM` while
/// `camsched run` shoots (run inside the guest by `make test`).
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividIdleRateTests {
    /// vivid's frame rates at 640x360.
    static let offered: Set<Double> = [1, 2, 4, 5, 10, 12.5, 15, 25, 30, 40]

    @Test func vividRunsSlowerBetweenShotsAndAtTheJobsRateForEachShot() throws {
        let watcher = try VividEnvironment.captureDevice()
        defer { watcher.close() }
        // Above the job's rate before the run, so a slower reading can only be camsched's.
        try watcher.formats.setFrameRate(fps: 40)
        let dir = try TemporaryDirectory()
        let job = try dir.write("idle.json", """
        {"name": "idle", "camera": {"device": "/dev/video0", "size": "640x360", "fps": 30, "pixelFormat": "YUYV", "warmup": "0s"},
         "capture": {"interval": {"every": "2s", "count": 3}},
         "output": {"root": "out", "path": "{seq}", "catalog": false}}
        """)
        let stdout = dir.file("o.txt"), stderr = dir.file("e.txt")
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              stdout: stdout, stderr: stderr)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The rate vivid is at, every 20 ms until the run ends, with the wall-clock time of each reading.
        var samples: [(at: Date, fps: Double)] = []
        Wait.until(seconds: 120, every: 0.02) {
            if let rate = try? watcher.formats.frameRate() { samples.append((Date(), rate.framesPerSecond)) }
            return !process.isRunning
        }
        process.waitUntilExit()
        let log = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(log)")
        let stills = dir.files().filter { $0.hasSuffix(".jpg") }
        #expect(stills.count == 3, "\(stills)")

        let slower = samples.map(\.fps).filter { $0 < 29.5 }
        #expect(!slower.isEmpty, "vivid never ran slower than 30 fps between shots")
        // Which rate depends on how much of the 2 s is left once a shot is filed (slow under
        // emulation): one vivid offers, below the job's.
        for fps in Set(slower) { #expect(Self.offered.contains(fps), "between shots at \(fps) fps, which vivid does not offer") }
        #expect(try watcher.formats.frameRate().framesPerSecond == 30, "the job's rate is left on the camera after the last shot")

        // At the frame of each shot after a wait, vivid was at the job's rate again.
        let events = try String(contentsOf: stdout, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["event"] as? String == "capture" }
        #expect(events.count == 3)
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for event in events.dropFirst() {
            let scheduled = try #require((event["scheduledAt"] as? String).flatMap(parser.date(from:)), "\(event)")
            let late = try #require(event["lateMs"] as? Double)
            let taken = scheduled.addingTimeInterval(late / 1000)
            let before = try #require(samples.last { $0.at <= taken }, "no reading before the shot at \(taken)")
            #expect(before.fps == 30, "the shot at \(taken) came while vivid was at \(before.fps) fps")
        }
    }
}
