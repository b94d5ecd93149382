import CamschedTestSupport
import Foundation
import Testing

/// SIGTERM while a run waits — for a lost camera to come back, or for another camsched's
/// camera lock (`--lock wait`) — ends it within the 2 s shutdown budget with 143.
@Suite struct StopWhileWaitingTests {
    /// Starts `camsched run`, waits until `ready` (given the process id) says so, sends SIGTERM
    /// and returns the exit status and how long the process took to end after it.
    static func stop(_ dir: TemporaryDirectory, job: URL, environment: [String: String] = [:],
                     ready: (Int32) -> Bool) throws -> (Int32, Double, String) {
        let process = try ProcessRunner.start(CamschedBinary.path, ["run", job.path, "--json", "--no-progress"],
                                              environment: environment.merging(["CAMSCHED_PRESSURE_SOURCES": "file"]) { a, _ in a },
                                              stdout: dir.file("o.txt"), stderr: dir.file("e.txt"))
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        Wait.until(seconds: 30) { !process.isRunning || ready(process.processIdentifier) }
        // Half a second into the wait: time is the scenario here.
        Thread.sleep(forTimeInterval: 0.5)
        let sent = Date()
        kill(process.processIdentifier, SIGTERM)
        Wait.until(seconds: 20) { !process.isRunning }
        let took = Date().timeIntervalSince(sent)
        process.waitUntilExit()
        return (process.terminationStatus, took, (try? String(contentsOf: dir.file("e.txt"), encoding: .utf8)) ?? "")
    }

    /// Whether process `pid` has a file under `folder` open.
    static func hasOpen(pid: Int32, under folder: String) -> Bool {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.contains { fd in
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? "").hasPrefix(folder + "/")
        }
    }

    @Test func aStopWhileWaitingForALostCameraEndsTheRunWithinTwoSeconds() throws {
        let dir = try TemporaryDirectory()
        // Unplugged after 1 s and never back.
        let job = try dir.write("l.json", JobFixtures.record(name: "l", device: "test:?size=320x180&fps=30&disconnectAfter=1s",
                                                             duration: "60s"))
        let (status, took, log) = try Self.stop(dir, job: job) { _ in
            Wait.forEvent("interrupted", in: dir.file("o.txt"), seconds: 0) != nil
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
        // `start` comes once the holder has the camera's lock.
        try #require(Wait.forEvent("start", in: dir.file("h.txt"), seconds: 30) != nil, "the holder never started")
        let job = try dir.write("w.json", JobFixtures.record(name: "w", device: device, duration: "5s"))
        // The lock is held for 30 s: the run waits for it once it has the lock file open (the
        // open file in /proc is the signal; LockWaitTests checks what it says meanwhile).
        let (status, took, log) = try Self.stop(dir, job: job, environment: ["CAMSCHED_LOCK_DIR": locks.path]) { pid in
            Self.hasOpen(pid: pid, under: locks.path)
        }
        #expect(status == 143, "\(log)")
        #expect(took < 2, "stopped \(took) s after SIGTERM")
        #expect(!dir.files().contains { $0.hasPrefix("out/w/") && $0.hasSuffix(".mp4") }, "nothing was captured")
        kill(holder.processIdentifier, SIGTERM)
        holder.waitUntilExit()
    }
}
