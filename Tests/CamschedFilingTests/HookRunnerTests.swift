import Foundation
import Glibc
import Synchronization
import Testing
@testable import CamschedFiling
import CamschedTestSupport

@Suite struct HookRunnerTests {
    let context = HookContext(job: "garden", run: "r1", file: "/data/garden/a.jpg", sidecar: "/data/garden/a.jpg.json", kind: "still")

    /// Outcomes as the reaping threads report them, with when: timing is measured there, not
    /// after `await` (which may wait for a free thread of the test's cooperative pool when the
    /// whole suite runs in parallel on two cores).
    final class Outcomes: Sendable {
        let list = Mutex<[(HookOutcome, ContinuousClock.Instant)]>([])
        func add(_ outcome: HookOutcome) { list.withLock { $0.append((outcome, ContinuousClock.now)) } }
        var all: [HookOutcome] { list.withLock { $0.map(\.0) } }
        /// When the last hook was reported ended.
        var lastEnded: ContinuousClock.Instant? { list.withLock { $0.map(\.1).max() } }
    }

    static func isGone(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // A zombie reparented to a PID 1 that does not reap is dead as well.
        return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true
    }

    @Test func hooksGetTheirEnvironmentInBothForms() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (logger, _) = RecordingLogHandler.logger()
        let outcomes = Outcomes()
        let runner = HookRunner(logger: logger, onFinish: outcomes.add)
        let shellOut = folder.path + "/shell.txt"
        let argumentsOut = folder.path + "/arguments.txt"
        runner.start(.shell("env | grep '^CAMSCHED_' | sort > '\(shellOut)'"), event: .file, context: context)
        runner.start(.arguments(["sh", "-c", "echo \"$CAMSCHED_EVENT $CAMSCHED_FILE $HOME\" > \"$0\"", argumentsOut]), event: .runEnd, context: context)
        await runner.waitForAll(timeout: .seconds(10))
        #expect(try String(contentsOfFile: shellOut, encoding: .utf8) == """
            CAMSCHED_EVENT=file
            CAMSCHED_FILE=/data/garden/a.jpg
            CAMSCHED_JOB=garden
            CAMSCHED_KIND=still
            CAMSCHED_RUN=r1
            CAMSCHED_SIDECAR=/data/garden/a.jpg.json

            """)
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        #expect(try String(contentsOfFile: argumentsOut, encoding: .utf8) == "runEnd /data/garden/a.jpg \(home)\n", "inherits the environment")
        #expect(outcomes.all.count == 2 && outcomes.all.allSatisfy(\.succeeded))
        for outcome in outcomes.all {
            #expect(waitpid(outcome.pid, nil, WNOHANG) == -1 && errno == ECHILD, "reaped, no zombie")
        }
    }

    @Test func aSlowHookDoesNotBlockAndIsKilledAtItsTimeout() async throws {
        let (logger, logs) = RecordingLogHandler.logger()
        let outcomes = Outcomes()
        let runner = HookRunner(logger: logger, timeout: .milliseconds(300), killGrace: .milliseconds(300), onFinish: outcomes.add)
        let clock = ContinuousClock()
        let began = clock.now
        let pid = try #require(runner.start(.arguments(["sleep", "30"]), event: .file, context: context))
        #expect(clock.now - began < .milliseconds(200), "start returns at once")
        #expect(runner.runningCount == 1)
        await runner.waitForAll(timeout: .seconds(10))
        #expect(try #require(outcomes.lastEnded) - began < .seconds(5))
        let outcome = try #require(outcomes.all.first)
        #expect(outcome.timedOut && outcome.termination == .signalled(SIGTERM))
        #expect(logs.contains("ran past its timeout"))
        #expect(Self.isGone(pid))
        #expect(runner.runningCount == 0)
    }

    @Test func aHookIgnoringSIGTERMIsKilledWithItsChildren() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (logger, logs) = RecordingLogHandler.logger()
        let outcomes = Outcomes()
        let runner = HookRunner(logger: logger, timeout: .milliseconds(200), killGrace: .milliseconds(200), onFinish: outcomes.add)
        let childFile = folder.path + "/child.pid"
        runner.start(.shell("trap '' TERM; sleep 30 & echo $! > '\(childFile)'; wait"), event: .cameraLost, context: context)
        await runner.waitForAll(timeout: .seconds(10))
        let outcome = try #require(outcomes.all.first)
        #expect(outcome.timedOut && outcome.termination == .signalled(SIGKILL))
        #expect(logs.contains("SIGKILL"))
        let child = try #require(pid_t(try String(contentsOfFile: childFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // SIGKILL is sent to the group; the orphaned child is gone once init has reaped it (a
        // `sleep 30` left alive would still be there after these 10 s).
        #expect(await Wait.suspendingUntil(seconds: 10) { Self.isGone(child) }, "the whole process group is killed")
    }

    @Test func failuresAreLoggedAndReported() async throws {
        let (logger, logs) = RecordingLogHandler.logger()
        let outcomes = Outcomes()
        let runner = HookRunner(logger: logger, onFinish: outcomes.add)
        runner.start(.shell("exit 3"), event: .file, context: context)
        #expect(runner.start(.arguments(["/nonexistent/upload"]), event: .file, context: context) == nil)
        await runner.waitForAll(timeout: .seconds(10))
        let terminations = outcomes.all.map(\.termination)
        #expect(terminations.contains(.exited(3)))
        #expect(terminations.contains(.failedToStart(errno: ENOENT)))
        #expect(logs.contains("exit status 3"))
        #expect(logs.contains("hook onFile of job "))
        #expect(logs.contains("cannot start /nonexistent/upload: not found; check the path (No such file or directory, ENOENT)"))
        #expect(!logs.contains("arguments(["), "no Swift description of the command")
    }

    @Test func waitForAllKillsHooksStillRunningAtItsDeadline() async throws {
        let (logger, _) = RecordingLogHandler.logger()
        let outcomes = Outcomes()
        let runner = HookRunner(logger: logger, timeout: .seconds(60), killGrace: .milliseconds(200), onFinish: outcomes.add)
        runner.start(.arguments(["sleep", "30"]), event: .runEnd, context: context)
        let clock = ContinuousClock()
        let began = clock.now
        await runner.waitForAll(timeout: .milliseconds(200))
        #expect(try #require(outcomes.lastEnded) - began < .seconds(5))
        #expect(outcomes.all.first?.timedOut == true)
        // With nothing running it returns at once.
        await runner.waitForAll(timeout: .seconds(60))
    }
}
