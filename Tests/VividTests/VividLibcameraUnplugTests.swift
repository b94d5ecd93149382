import CamschedTestSupport
import Foundation
import Testing

/// vimc's platform device unbound mid-recording and bound again — the camera's devices vanish
/// under libcamera, as a camera module's would on a loose ribbon — and camsched files what came
/// before, waits, resumes on the camera libcamera finds again, and lists the gap.
@Suite(.serialized, .enabled(if: VividEnvironment.isRequired))
struct VividLibcameraUnplugTests {
    static let driver = URL(fileURLWithPath: "/sys/bus/platform/drivers/vimc")

    @Test func aPipelineThatVanishesMidRecordingIsAnInterruption() throws {
        try VimcModule.load()
        let dir = try TemporaryDirectory()
        let job = try dir.write("u.json", """
        {"name": "vimcunplug", "camera": {"device": "libcamera:", "size": "768x480", "fps": 5, "warmup": "0s"},
         "capture": {"record": {"duration": "24s", "segment": "30s", "preset": "ultrafast"}},
         "output": {"root": "out", "path": "{job}/{seq}"}}
        """)
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              environment: ["CAMSCHED_LOCK_DIR": "/tmp"],
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        try #require(VividUnplugTests.waitForFrames(under: dir), "the recording never wrote frames")
        // Two seconds into the file: time is the scenario here.
        Thread.sleep(forTimeInterval: 2)
        try "vimc.0".write(to: Self.driver.appendingPathComponent("unbind"), atomically: false, encoding: .utf8)
        var bound = false
        // Bound again whatever happens: the next suites need vimc (a second bind is refused, harmlessly).
        defer { if !bound { try? "vimc.0".write(to: Self.driver.appendingPathComponent("bind"), atomically: false, encoding: .utf8) } }
        #expect(VividUnplugTests.wait(for: "camera lost", in: dir.file("e.txt"), timeout: 60), "camsched did not see the loss")
        try "vimc.0".write(to: Self.driver.appendingPathComponent("bind"), atomically: false, encoding: .utf8)
        bound = true
        _ = try? ProcessRunner.run("/bin/udevadm", ["settle"], timeout: 30)
        #expect(VividUnplugTests.wait(for: "\"resumed\"", in: dir.file("o.txt"), timeout: 60), "camsched did not resume")
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(stderr)")
        let videos = dir.files().filter { $0.hasSuffix(".mp4") }.sorted()
        // The file open at the loss is filed; the recording goes on in the next.
        #expect(videos.count == 2, "\(videos)")
        var interruptions = 0
        for video in videos {
            let probe = try MediaProbe.probe(dir.file(video))
            let side = try VividUnplugTests.sidecar(dir.file(video))
            #expect(probe.width == 768 && side["frames"] as? Int == probe.frames && probe.frames > 0, "\(video)")
            interruptions += (side["interruptions"] as? [[String: Any]])?.count ?? 0
        }
        #expect(interruptions == 1, "the gap is listed once")
        let verify = try CamschedBinary.run(["catalog", "verify", "--root", dir.file("out").path])
        #expect(verify.status == 0, "\(verify.stdout)")
    }
}
