import CamschedScheduler
import CamschedTestSupport
import Foundation
import Synchronization
import Testing

/// A long run under a frequent schedule: the fires it misses are said once when the first is
/// missed and once, counted, when the run ends — not a warning a minute for hours.
@Suite struct DaemonMissedFireLogTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func firesMissedWhileRunningAreOneLineThenACount() async {
        let clock = ManualWallClock(start: start)
        let released = Mutex(false)
        let job = ScheduledJob(id: "long", name: "long", missed: .skip, nextFire: { $0.addingTimeInterval(60) }, run: { _ in
            await Wait.suspendingUntil(seconds: 120) { released.withLock { $0 } }
            return 0
        })
        let (logger, log) = RecordingLogHandler.logger()
        let scheduler = DaemonScheduler(clock: clock, logger: logger)
        await scheduler.reload([job])
        // Released once the 30 fires after the first (a half-hour run under a one-minute
        // schedule) have been dealt with.
        let releaser = Task {
            await Wait.suspendingUntil(seconds: 60) { await scheduler.skipped.count >= 30 }
            released.withLock { $0 = true }
        }
        await scheduler.run(until: start.addingTimeInterval(31 * 60 + 30))
        await releaser.value
        await scheduler.drain()
        let missed = log.all.map(\.1).filter { $0.contains("missed") }
        #expect(await scheduler.skipped.count == 30)
        #expect(missed.count == 2, "\(missed)")
        #expect(missed.first == "long: 1 fire(s) missed (still running); fires missed while this run lasts are counted and said when it ends")
        #expect(missed.last == "long: 29 more fire(s) missed while the run went on")
    }
}
