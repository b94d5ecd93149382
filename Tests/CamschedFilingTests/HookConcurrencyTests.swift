import Foundation
import Glibc
import Synchronization
import Testing
@testable import CamschedFiling
import CamschedTestSupport

@Suite struct HookConcurrencyTests {
    let context = HookContext(job: "garden", run: "r1")

    /// The most hooks running at once, from the `+`/`-` lines they appended in order.
    static func maxConcurrency(in log: String) -> (max: Int, starts: Int, ends: Int) {
        var current = 0, highest = 0, starts = 0, ends = 0
        for line in log.split(separator: "\n") {
            if line.hasPrefix("+") { current += 1; starts += 1 } else if line.hasPrefix("-") { current -= 1; ends += 1 }
            highest = max(highest, current)
        }
        return (highest, starts, ends)
    }

    @Test func eightHooksRunFourAtATime() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (logger, _) = RecordingLogHandler.logger()
        let outcomes = HookRunnerTests.Outcomes()
        let runner = HookRunner(logger: logger, onFinish: outcomes.add)
        let log = folder.path + "/hooks.log"
        var started: [Int32?] = []
        for number in 0..<8 {
            // One write(2) per line with O_APPEND: lines never interleave.
            started.append(runner.start(.shell("echo '+\(number)' >> '\(log)'; sleep 0.4; echo '-\(number)' >> '\(log)'"),
                                        event: .file, context: context))
        }
        #expect(started.prefix(4).allSatisfy { $0 != nil } && started.suffix(4).allSatisfy { $0 == nil }, "four start, four wait")
        #expect(runner.runningCount == 4 && runner.queuedCount == 4)
        await runner.waitForAll(timeout: .seconds(20))
        let (highest, starts, ends) = Self.maxConcurrency(in: try String(contentsOfFile: log, encoding: .utf8))
        #expect(highest == 4)
        #expect(starts == 8 && ends == 8)
        #expect(outcomes.all.count == 8 && outcomes.all.allSatisfy(\.succeeded))
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.prefix(4).allSatisfy { $0.hasPrefix("+") }, "the first four start together: \(lines)")
        #expect(Set(lines.prefix(4)) == ["+0", "+1", "+2", "+3"], "queued hooks start in order")
    }

    @Test func shutdownEndsRunningHooksWithinTwoSecondsAndDropsTheQueue() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (logger, logs) = RecordingLogHandler.logger()
        let outcomes = HookRunnerTests.Outcomes()
        let runner = HookRunner(logger: logger, timeout: .seconds(60), onFinish: outcomes.add)
        let ran = folder.path + "/ran"
        // Two obey SIGTERM, two ignore it (and have a child), two more wait in the queue. The hooks
        // sleep far longer than the test may wait for them to start on a loaded machine: one that
        // ended by itself would let the queue run.
        var pids: [Int32] = []
        for _ in 0..<2 { pids += [try #require(runner.start(.arguments(["sleep", "600"]), event: .file, context: context))] }
        for number in 0..<2 {
            // Each says when its trap is set: a SIGTERM before that would end it like the others.
            let trapped = "trap '' TERM; : > '\(folder.path)/trapped-\(number)'; sleep 600 & wait; wait"
            pids += [try #require(runner.start(.shell(trapped), event: .file, context: context))]
        }
        for _ in 0..<2 { #expect(runner.start(.shell("touch '\(ran)'"), event: .file, context: context) == nil) }
        try #require(await Wait.suspendingUntil(seconds: 20) {
            (0..<2).allSatisfy { FileManager.default.fileExists(atPath: folder.path + "/trapped-\($0)") }
        }, "the hooks that ignore SIGTERM never set their trap")
        let began = ContinuousClock.now
        await runner.shutdown()
        let took = try #require(outcomes.lastEnded) - began
        #expect(took < .seconds(2), "took \(took)")
        #expect(runner.runningCount == 0)
        let terminations = outcomes.all.map(\.termination)
        #expect(terminations.filter { $0 == .signalled(SIGTERM) }.count == 2)
        #expect(terminations.filter { $0 == .signalled(SIGKILL) }.count == 2)
        #expect(pids.allSatisfy(HookRunnerTests.isGone))
        #expect(!FileManager.default.fileExists(atPath: ran), "queued hooks are not started on shutdown")
        #expect(logs.contains("2 queued hook(s) not run"))
        #expect(runner.start(.shell("touch '\(ran)'"), event: .file, context: context) == nil, "nothing starts after shutdown")
    }

    @Test func aStopRequestDuringTheWaitShortensItToTheShutdownBudget() async throws {
        let (logger, _) = RecordingLogHandler.logger()
        let outcomes = HookRunnerTests.Outcomes()
        let runner = HookRunner(logger: logger, timeout: .seconds(60), onFinish: outcomes.add)
        runner.start(.shell("trap '' TERM; sleep 30 & wait; wait"), event: .runEnd, context: context)
        let stop = HookRunner.Flag()
        let stoppedAt = Mutex<ContinuousClock.Instant?>(nil)
        // The "SIGTERM" comes from another thread 300 ms into the wait.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
            stoppedAt.withLock { $0 = ContinuousClock.now }
            stop.set()
        }
        await runner.waitForAll(timeout: .seconds(30), stopRequested: { stop.isSet })
        let took = try #require(outcomes.lastEnded) - (try #require(stoppedAt.withLock { $0 }))
        #expect(took < .seconds(2), "took \(took)")
        #expect(outcomes.all.first?.termination == .signalled(SIGKILL))
    }
}
