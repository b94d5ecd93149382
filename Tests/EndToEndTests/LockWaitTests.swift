import CamschedTestSupport
import Foundation
import Testing

/// Issue 43: `--lock wait` said nothing while it waited. It now says once, within a second,
/// whom it waits for (the holder's pid and job), and again when it gets the camera.
@Suite struct LockWaitTests {
    @Test func aRunWaitingForAHeldCameraSaysWhomItWaitsForAndWhenItGotTheCamera() throws {
        let dir = try TemporaryDirectory()
        let device = "test:?size=320x180&fps=10&card=waitcam"
        let long = try dir.write("long.json", JobFixtures.record(name: "long", device: device, duration: "3s"))
        let short = try dir.write("short.json", JobFixtures.interval(name: "short", device: device, count: 1))
        let locks = try TemporaryDirectory("locks")
        let environment = ["CAMSCHED_LOCK_DIR": locks.url.path]
        let holder = try ProcessRunner.start(CamschedBinary.path, ["run", long.path, "--no-progress", "--json"],
                                             environment: environment, stdout: dir.file("1.out"), stderr: dir.file("1.err"))
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        // `start` comes once the run holds the camera's lock.
        try #require(Wait.forEvent("start", in: dir.file("1.out"), seconds: 30) != nil, "the first run never started")

        let waiter = try ProcessRunner.start(CamschedBinary.path, ["run", short.path, "--no-progress", "--lock", "wait", "--log-level", "notice"],
                                             environment: environment, stdout: dir.file("2.out"), stderr: dir.file("2.err"))
        defer { if waiter.isRunning { kill(waiter.processIdentifier, SIGKILL) } }
        let log = { (try? String(contentsOf: dir.file("2.err"), encoding: .utf8)) ?? "" }
        let waitLine = { log().split(separator: "\n").first { $0.contains("waiting for camera") }.map(String.init) }
        #expect(Wait.until(seconds: 1) { waitLine() != nil }, "nothing said within 1 s: \(log())")
        let said = try #require(waitLine(), "never said whom it waits for: \(log())")
        #expect(said.contains("pid \(holder.processIdentifier)") && said.contains("job long"), "\(said)")
        // Shown at --log-level notice, and no warning: waiting is what --lock wait asks for.
        #expect(!said.contains("warning:") && !said.contains("error:"), "at notice level: \(said)")
        #expect(holder.isRunning, "said while the holder still held the camera")

        #expect(Wait.until(seconds: 60) { !waiter.isRunning })
        #expect(waiter.terminationStatus == 0, "\(log())")
        let lines = log().split(separator: "\n")
        #expect(lines.filter { $0.contains("waiting for camera") }.count == 1, "said once: \(log())")
        let got = try #require(lines.firstIndex { $0.contains("got camera") }, "never said it got the camera: \(log())")
        #expect(got > (lines.firstIndex { $0.contains("waiting for camera") } ?? .max))
        #expect(!lines[got].contains("warning:"), "\(lines[got])")
        holder.waitUntilExit()
        #expect(holder.terminationStatus == 0)
        #expect(JobFixtures.filed(dir, ext: "jpg").count == 1)
    }
}
