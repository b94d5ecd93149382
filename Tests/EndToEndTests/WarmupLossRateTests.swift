import CamschedTestSupport
import Foundation
import Testing

/// A camera lost during its first warm-up and back: the recording after the return runs at the
/// job's rate, also once pressure has come and gone (the throttle used to take 30 fps for the
/// job's rate when the stream had no format yet, and asked the camera for 30 when pressure eased).
@Suite struct WarmupLossRateTests {
    @Test func aCameraLostInItsWarmupRecordsAtTheJobsRateAfterItsReturn() throws {
        let dir = try TemporaryDirectory()
        let level = dir.file("level")
        try "serious".write(to: level, atomically: true, encoding: .utf8)
        let job = try dir.write("w.json", """
        {"name": "w", "camera": {"device": "test:?size=320x180&fps=30&disconnectAfter=500ms&returnAfter=1s", "fps": 10,
                                 "warmup": "2s"},
         "capture": {"record": {"duration": "6s", "preset": "ultrafast"}},
         "throttle": {"serious": 20, "critical": 15, "recoverAfter": "1s"},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress",
                                                                     "--pressure-from", level.path],
                                              environment: ["CAMSCHED_PRESSURE_SOURCES": "file"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let stdout = { (try? String(contentsOf: dir.file("o.txt"), encoding: .utf8)) ?? "" }
        Wait.until(seconds: 30) { stdout().contains("\"resumed\"") || !process.isRunning }
        #expect(stdout().contains("\"interrupted\"") && stdout().contains("\"resumed\""), "the camera was not lost and back")
        // Pressure eases once the camera is back: the throttle goes back to the job's rate.
        try "nominal".write(to: level, atomically: true, encoding: .utf8)
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        let videos = JobFixtures.filed(dir, ext: "mp4")
        #expect(videos.count == 1, "\(videos)")
        let video = try #require(videos.first)
        let probe = try MediaProbe.probe(video, withFrameTimes: true)
        let times = probe.frameTimes.sorted()
        #expect(abs(Double(probe.frames) - 60) <= 1, "6 s at 10 fps, found \(probe.frames)")
        for second in 0..<5 {
            let inside = times.filter { $0 >= Double(second) && $0 < Double(second + 1) }.count
            #expect(inside <= 11, "second \(second) of the file holds \(inside) frames")
        }
        let fps = try #require(try JobFixtures.sidecar(video)["fps"] as? [String: Any])
        #expect(fps["requested"] as? Double == 10)
        #expect(abs((fps["actual"] as? Double ?? 0) - 10) < 0.5, "\(fps)")
        let pressure = JobFixtures.events(stdout()).filter { $0["event"] as? String == "pressure" }
        #expect(pressure.compactMap { $0["fps"] as? Double }.allSatisfy { $0 <= 10 }, "\(pressure)")
    }
}
