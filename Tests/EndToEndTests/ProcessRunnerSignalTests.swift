import CamschedTestSupport
import Foundation
import Testing

/// Children of the tests start with no signal blocked. A test runs on a thread of Swift
/// concurrency's pool, which libdispatch makes with every asynchronous signal blocked, and a
/// program inherits its starter's mask through exec: a third-party server (mosquitto, an HTTP
/// camera) would then ignore the `terminate()` that ends it and outlive the test.
@Suite struct ProcessRunnerSignalTests {
    @Test func aStartedChildEndsOnTerminateWithinASecond() throws {
        let dir = try TemporaryDirectory()
        let sleeper = try ProcessRunner.start("/bin/sleep", ["60"], stdout: dir.file("out"), stderr: dir.file("err"))
        defer { if sleeper.isRunning { kill(sleeper.processIdentifier, SIGKILL) } }
        #expect(Self.blockedSignals(of: sleeper.processIdentifier) == "0000000000000000")
        let sent = Date()
        sleeper.terminate()
        try #require(Wait.until(seconds: 1) { !sleeper.isRunning }, "still running \(Date().timeIntervalSince(sent)) s after SIGTERM")
        #expect(sleeper.terminationReason == .uncaughtSignal && sleeper.terminationStatus == SIGTERM)
    }

    @Test func aRunChildHasNoSignalBlockedAndItsResultIsCollected() throws {
        let result = try ProcessRunner.run("/bin/sh", ["-c", "grep '^SigBlk' /proc/self/status; echo err >&2; exit 3"], timeout: 10)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("0000000000000000"), "\(result.stdout)")
        #expect(result.stderr == "err\n" && result.status == 3 && !result.signalled)
        let killed = try ProcessRunner.run("/bin/sh", ["-c", "kill -TERM $$"], timeout: 10)
        #expect(killed.signalled && killed.status == SIGTERM)
    }

    /// `SigBlk` of `/proc/PID/status`: the process's blocked signals, in hexadecimal.
    static func blockedSignals(of pid: Int32) -> String? {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }.map { $0.dropFirst(7).trimmingCharacters(in: .whitespaces) }
    }
}
