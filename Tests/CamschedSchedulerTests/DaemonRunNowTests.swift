import CamschedScheduler
import CamschedTestSupport
import Foundation
import Synchronization
import Testing

/// `runNow`: a job started outside its schedule gets the run id made beforehand, never
/// overlaps itself, and unknown names are refused.
@Suite struct DaemonRunNowTests {
    @Test func runNowStartsOnceUnderItsRunIDAndNeverOverlaps() async throws {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let release = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let ids = Mutex<[String]>([])
        var job = ScheduledJob(id: "/jobs/a.json", name: "a", missed: .skip, nextFire: { $0.addingTimeInterval(86_400) },
                               run: { _ in 9 })
        job.runWithID = { _, runID in
            ids.withLock { $0.append(runID) }
            await withCheckedContinuation { continuation in release.withLock { $0 = continuation } }
            return 0
        }
        let scheduler = DaemonScheduler(clock: ManualWallClock(start: start))
        await scheduler.reload([job])
        #expect(await scheduler.runNow(name: "nope", now: start) == .unknownJob)
        guard case let .started(runID) = await scheduler.runNow(name: "a", now: start) else {
            Issue.record("the job did not start")
            return
        }
        #expect(await scheduler.runNow(name: "a", now: start) == .running)
        #expect(await scheduler.listing().map(\.running) == [true])
        #expect(await scheduler.listing().first?.nextFire == start.addingTimeInterval(86_400))
        try #require(await Wait.suspendingUntil(seconds: 30) { release.withLock { $0 != nil } }, "the run never began")
        #expect(ids.withLock { $0 } == [runID])
        release.withLock { $0?.resume(); $0 = nil }
        await scheduler.drain()
        #expect(await scheduler.listing().map(\.running) == [false])
        #expect(await scheduler.fired.map(\.job) == ["/jobs/a.json"])
        guard case .started = await scheduler.runNow(name: "a", now: start) else {
            Issue.record("a finished job can run again")
            return
        }
        try #require(await Wait.suspendingUntil(seconds: 30) { release.withLock { $0 != nil } }, "the second run never began")
        release.withLock { $0?.resume(); $0 = nil }
        await scheduler.drain()
        #expect(ids.withLock { $0 }.count == 2)
    }
}
