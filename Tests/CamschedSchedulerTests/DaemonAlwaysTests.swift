import CamschedScheduler
import Foundation
import Synchronization
import Testing

/// `schedule.always`: a job the daemon starts at once and again after each end but a stop by
/// signal, waiting 2 s, doubling while runs keep ending within a minute.
@Suite struct DaemonAlwaysTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func startsAtOnceAndAgainAfterEachFaultUntilStoppedBySignal() async {
        let clock = ManualWallClock(start: start)
        // Each run's exit code and how long it lasts on the manual clock.
        let plan: [(code: Int32, lasts: TimeInterval)] = [(1, 0), (1, 0), (1, 120), (3, 0), (143, 0), (1, 0)]
        let starts = Mutex<[TimeInterval]>([])
        var job = ScheduledJob(id: "yard", name: "yard", missed: .skip, nextFire: { _ in nil }, run: { _ in
            let index = starts.withLock { starts in
                starts.append(clock.now().timeIntervalSince(start))
                return starts.count - 1
            }
            guard index < plan.count else { return 0 }
            clock.advance(by: plan[index].lasts)
            return plan[index].code
        })
        job.keepsRunning = true
        let scheduler = DaemonScheduler(clock: clock, awaitsEachRun: true)
        await scheduler.reload([job])
        #expect(await scheduler.upcoming()["yard"] == start, "starts as soon as it is loaded")
        await scheduler.run(until: start.addingTimeInterval(3600))
        // 0; +2 after an instant fault; +4 more; a run of 120 s resets the wait to 2 s (at 128);
        // then 4 s (132), where a stop by SIGTERM (143) ends it for good.
        #expect(starts.withLock { $0 } == [0, 2, 6, 128, 132])
        #expect(await scheduler.upcoming()["yard"] == nil)
        #expect(await scheduler.skipped.isEmpty, "no fire is missed while it runs")
    }

    @Test func theWaitDoublesUpToFiveMinutes() async {
        let clock = ManualWallClock(start: start)
        let starts = Mutex<[TimeInterval]>([])
        var job = ScheduledJob(id: "c", name: "c", missed: .skip, nextFire: { _ in nil }, run: { _ in
            starts.withLock { $0.append(clock.now().timeIntervalSince(start)) }
            return 3
        })
        job.keepsRunning = true
        let scheduler = DaemonScheduler(clock: clock, awaitsEachRun: true)
        await scheduler.reload([job])
        await scheduler.run(until: start.addingTimeInterval(1200))
        let gaps = starts.withLock { times in zip(times, times.dropFirst()).map { $1 - $0 } }
        #expect(gaps == [2, 4, 8, 16, 32, 64, 128, 256, 300, 300], "\(gaps)")
    }

    @Test func aReloadWhileItRunsStartsNoSecondRun() async {
        let clock = ManualWallClock(start: start)
        let runs = Mutex(0)
        let release = Mutex(false)
        var job = ScheduledJob(id: "r", name: "r", missed: .skip, nextFire: { _ in nil }, run: { _ in
            runs.withLock { $0 += 1 }
            while !release.withLock({ $0 }) { try? await Task.sleep(nanoseconds: 10_000_000) }
            return 143
        })
        job.keepsRunning = true
        let scheduler = DaemonScheduler(clock: clock)
        await scheduler.reload([job])
        let loop = Task { await scheduler.run(until: start.addingTimeInterval(600)) }
        // Wait (at most 30 s) for the run to begin, then reload as SIGHUP does.
        let deadline = Date().addingTimeInterval(30)
        while runs.withLock({ $0 }) == 0, Date() < deadline { try? await Task.sleep(nanoseconds: 10_000_000) }
        await scheduler.reload([job])
        #expect(await scheduler.upcoming()["r"] == nil)
        release.withLock { $0 = true }
        await loop.value
        #expect(runs.withLock { $0 } == 1)
    }
}
