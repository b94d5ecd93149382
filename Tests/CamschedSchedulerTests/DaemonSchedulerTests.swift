import CamschedScheduler
import CamschedTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct DaemonSchedulerTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000) // a fixed instant

    @Test func aDayOfTenSecondFiresRunsOnTheManualClockWithoutDrift() async {
        let clock = ManualWallClock(start: start)
        let runs = Mutex<[Date]>([])
        let job = ScheduledJob(id: "a", name: "a", missed: .skip, nextFire: { date in
            Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 10).rounded(.down) * 10 + 10)
        }, run: { at in
            runs.withLock { $0.append(at) }
            return 0
        })
        let scheduler = DaemonScheduler(clock: clock, awaitsEachRun: true)
        await scheduler.reload([job])
        let began = Date()
        await scheduler.run(until: start.addingTimeInterval(86_400))
        let elapsed = Date().timeIntervalSince(began)
        let fired = runs.withLock { $0 }
        #expect(fired.count == 8640)
        #expect(fired.first == start.addingTimeInterval(10))
        // Every fire exactly 10 s after the previous one: no drift, none bunched.
        #expect(zip(fired, fired.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 10 })
        // Only a guard against the manual clock really sleeping (a day would take a day); how
        // fast it runs is not a unit test's business on a shared 2-core machine.
        #expect(elapsed < 60, "a simulated day took \(elapsed) s")
    }

    @Test func missedFiresAreSkippedOrRunOnce() async {
        for policy in [ScheduledJob.MissedPolicy.skip, .once] {
            let clock = ManualWallClock(start: start)
            let runs = Mutex<[Date]>([])
            let job = ScheduledJob(id: "h", name: "hourly", missed: policy, nextFire: { date in
                Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600 + 3600)
            }, run: { at in
                runs.withLock { $0.append(at) }
                return 0
            })
            let scheduler = DaemonScheduler(clock: clock, awaitsEachRun: true)
            await scheduler.reload([job])
            // The machine sleeps for five hours: the scheduler only sees the clock jump.
            clock.advance(by: 5 * 3600)
            await scheduler.run(until: clock.now().addingTimeInterval(1))
            let count = runs.withLock { $0.count }
            #expect(count == (policy == .once ? 1 : 0), "policy \(policy)")
            let skipped = await scheduler.skipped.count
            #expect(skipped == 5)
        }
    }

    @Test func aJobNeverOverlapsItself() async {
        // The job holds on until the test lets it go; meanwhile ten more fires come due.
        let clock = ManualWallClock(start: start)
        let released = Mutex(false)
        let runs = Mutex(0)
        let job = ScheduledJob(id: "slow", name: "slow", missed: .skip, nextFire: { $0.addingTimeInterval(1) }, run: { _ in
            runs.withLock { $0 += 1 }
            await Wait.suspendingUntil(seconds: 120) { released.withLock { $0 } }
            return 0
        })
        let scheduler = DaemonScheduler(clock: clock)
        await scheduler.reload([job])
        // Let it go once the other nine fires have been dealt with (or after 30 s, when they were
        // not: then the counts below say what happened). A fixed delay raced a loaded machine.
        let releaser = Task {
            await Wait.suspendingUntil(seconds: 30) { await scheduler.skipped.count >= 9 }
            released.withLock { $0 = true }
        }
        await scheduler.run(until: start.addingTimeInterval(10.5))
        await releaser.value
        #expect(runs.withLock { $0 } == 1, "only the first fire ran; the job was busy for the others")
        #expect(await scheduler.skipped.count == 9)
    }

    @Test func reloadKeepsTheScheduleOfUnchangedJobs() async {
        let clock = ManualWallClock(start: start)
        let every = { @Sendable (seconds: Double) -> @Sendable (Date) -> Date? in
            { date in Date(timeIntervalSince1970: (date.timeIntervalSince1970 / seconds).rounded(.down) * seconds + seconds) }
        }
        let a = ScheduledJob(id: "a", name: "a", missed: .skip, nextFire: every(60), run: { _ in 0 })
        let b = ScheduledJob(id: "b", name: "b", missed: .skip, nextFire: every(120), run: { _ in 0 })
        let scheduler = DaemonScheduler(clock: clock)
        await scheduler.reload([a])
        let before = await scheduler.upcoming()["a"]
        clock.advance(by: 10)
        await scheduler.reload([a, b])
        let after = await scheduler.upcoming()
        #expect(after["a"] == before)
        #expect(after["b"] != nil)
        await scheduler.reload([b])
        #expect(await scheduler.upcoming()["a"] == nil)
    }
}
