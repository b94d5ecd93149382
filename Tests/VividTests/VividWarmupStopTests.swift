import CamschedTestSupport
import Foundation
import Testing

/// SIGTERM while vivid warms up (a 15 s warm-up): the run ends within the 2 s shutdown
/// budget with 143, its run row closed, nothing half-filed, and the camera released.
@Suite(.serialized, .enabled(if: VividEnvironment.isPresent))
struct VividWarmupStopTests {
    @Test(arguments: ["{\"record\": {\"duration\": \"30s\", \"preset\": \"ultrafast\"}}",
                      "{\"interval\": {\"every\": \"2s\", \"count\": 5}}"])
    func sigtermDuringTheWarmupStopsWithinTwoSeconds(capture: String) throws {
        try VividEnvironment.captureDevice().close()
        let dir = try TemporaryDirectory()
        let job = try dir.write("w.json", """
        {"name": "w", "camera": {"device": "name:vivid", "size": "320x180", "pixelFormat": "YUYV", "fps": 15, "warmup": "15s"},
         "capture": \(capture),
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              environment: ["CAMSCHED_LOCK_DIR": "/tmp", "CAMSCHED_PRESSURE_SOURCES": "file",
                                                            "CAMSCHED_LOG_LEVEL": "debug"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The opener's debug line: the camera is configured, its 15 s warm-up begins.
        try #require(VividUnplugTests.wait(for: "configured after", in: dir.file("e.txt")), "the camera was never configured")
        // One second into the warm-up: time is the scenario here.
        Thread.sleep(forTimeInterval: 1)
        let sent = Date()
        kill(process.processIdentifier, SIGTERM)
        Wait.until(seconds: 30) { !process.isRunning }
        let took = Date().timeIntervalSince(sent)
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 143, "\(stderr)")
        #expect(took < 2, "stopped \(took) s after SIGTERM: \(stderr)")
        #expect(!stderr.contains("stream started"), "the warm-up did not run to its end")
        let files = dir.files().filter { $0.hasPrefix("out/") }
        #expect(files.filter { $0.hasSuffix(".partial") || $0.hasSuffix(".mp4") || $0.hasSuffix(".jpg") }.isEmpty, "\(files)")
        let runs = try CamschedBinary.run(["catalog", "runs", "--json", "--root", dir.file("out").path])
        #expect(runs.stdout.contains("\"exitCode\":143") && runs.stdout.contains("\"endedAt\""), "the run row is closed: \(runs.stdout)")
        // The camera was let go: another program can stream from it at once.
        let device = try VividEnvironment.captureDevice()
        defer { device.close() }
        #expect(throws: Never.self) { try device.stream.start(bufferCount: 2) }
        try? device.stream.stop()
    }
}
