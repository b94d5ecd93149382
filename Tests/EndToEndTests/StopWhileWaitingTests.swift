import CamschedTestSupport
import Foundation
import Testing

/// SIGTERM while a run waits — for a lost camera to come back, or for another camsched's
/// camera lock (`--lock wait`) — ends it within the 2 s shutdown budget with 143.
@Suite struct StopWhileWaitingTests {
    /// Starts `camsched run`, waits until `ready` says so, sends SIGTERM and returns the exit
    /// status and how long the process took to end after it.
    static func stop(_ dir: TemporaryDirectory, job: URL, environment: [String: String] = [:],
                     ready: () -> Bool) throws -> (Int32, Double, String) {
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              environment: environment.merging(["CAMSCHED_PRESSURE_SOURCES": "file"]) { a, _ in a },
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline, !ready() { Thread.sleep(forTimeInterval: 0.02) }
        // Half a second into the wait: time is the scenario here.
        Thread.sleep(forTimeInterval: 0.5)
        let sent = Date()
        kill(process.processIdentifier, SIGTERM)
        while process.isRunning, Date().timeIntervalSince(sent) < 20 { Thread.sleep(forTimeInterval: 0.01) }
        let took = Date().timeIntervalSince(sent)
        process.waitUntilExit()
        return (process.terminationStatus, took, (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? "")
    }

    @Test func aStopWhileWaitingForALostCameraEndsTheRunWithinTwoSeconds() throws {
        let dir = try TemporaryDirectory()
        // Unplugged after 1 s and never back.
        let job = try dir.write("l.json", JobFixtures.record(name: "l", device: "test:?size=320x180&fps=30&disconnectAfter=1s",
                                                             duration: "60s"))
        let (status, took, log) = try Self.stop(dir, job: job) {
            ((try? String(contentsOf: dir.file("o.txt"), encoding: .utf8)) ?? "").contains("\"interrupted\"")
        }
        #expect(status == 143, "\(log)")
        #expect(took < 2, "stopped \(took) s after SIGTERM")
        let videos = JobFixtures.filed(dir, ext: "mp4")
        #expect(videos.count == 1, "the second before the loss is filed: \(videos)")
        #expect(dir.files().filter { $0.hasSuffix(".partial") }.isEmpty)
    }

    @Test func aStopWhileWaitingForTheCameraLockEndsTheRunWithinTwoSeconds() throws {
        let dir = try TemporaryDirectory()
        let locks = dir.file("locks")
        try FileManager.default.createDirectory(at: locks, withIntermediateDirectories: true)
        let device = "test:?size=320x180&fps=30"
        let holder = try ProcessRunner.start(CamschedBinary.path,
                                             ["run", try dir.write("h.json", JobFixtures.record(name: "h", device: device, duration: "30s")).path,
                                              "--json", "--no-progress"],
                                             environment: ["CAMSCHED_LOCK_DIR": locks.path, "CAMSCHED_PRESSURE_SOURCES": "file"],
                                             stdout: dir.file("h.txt"), stderr: dir.file("h.err"))
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        let held = Date().addingTimeInterval(30)
        while holder.isRunning, Date() < held,
              !((try? String(contentsOf: dir.file("h.txt"), encoding: .utf8)) ?? "").contains("\"start\"") {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let job = try dir.write("w.json", JobFixtures.record(name: "w", device: device, duration: "5s"))
        let began = Date()
        // The lock is held for 30 s: a second in, the run is waiting for it (nothing to watch
        // for — a run that waits for the lock says nothing yet; time is the scenario here).
        let (status, took, log) = try Self.stop(dir, job: job, environment: ["CAMSCHED_LOCK_DIR": locks.path]) {
            Date().timeIntervalSince(began) > 1
        }
        #expect(status == 143, "\(log)")
        #expect(took < 2, "stopped \(took) s after SIGTERM")
        #expect(!dir.files().contains { $0.hasPrefix("out/w/") && $0.hasSuffix(".mp4") }, "nothing was captured")
        kill(holder.processIdentifier, SIGTERM)
        holder.waitUntilExit()
    }
}
