import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

@Suite("Interval timing")
struct IntervalTimingTests {
    let second: UInt64 = 1_000_000_000

    @Test func dueTimesAreDriftFree() {
        let timing = IntervalTiming(start: 5 * second, every: .seconds(10))
        #expect(timing.dueTime(0) == 5 * second)
        #expect(timing.dueTime(8_640) == 5 * second + 86_400 * second)
        #expect(timing.dueTime(.max) == .max)
    }

    @Test func shotIndexAtOrAfter() {
        let timing = IntervalTiming(start: 100, every: .nanoseconds(10))
        #expect(timing.shotIndex(atOrAfter: 0) == 0)
        #expect(timing.shotIndex(atOrAfter: 100) == 0)
        #expect(timing.shotIndex(atOrAfter: 101) == 1)
        #expect(timing.shotIndex(atOrAfter: 110) == 1)
        #expect(timing.shotIndex(atOrAfter: 111) == 2)
    }

    @Test func lateShotsWithinAPeriodAreTakenAtOnce() {
        let timing = IntervalTiming(start: 0, every: .seconds(10))
        // Before the first shot: wait for it.
        #expect(timing.nextShot(after: 0, lastTaken: nil) == .init(index: 0, skipped: 0, due: 0))
        // Shot 1 is 3 s late: take it now.
        #expect(timing.nextShot(after: 13 * second, lastTaken: 0) == .init(index: 1, skipped: 0, due: 10 * second))
        // Exactly one period late still counts as in time.
        #expect(timing.nextShot(after: 20 * second, lastTaken: 0) == .init(index: 1, skipped: 0, due: 10 * second))
        // Shot 2 taken early (we woke before its time): wait for it.
        #expect(timing.nextShot(after: 15 * second, lastTaken: 1) == .init(index: 2, skipped: 0, due: 20 * second))
    }

    @Test func shotsLaterThanOnePeriodAreSkippedNotBunched() {
        let timing = IntervalTiming(start: 0, every: .seconds(10))
        // After shot 0, the process stalled until 45 s: shots 1, 2 and 3 (due 10, 20, 30) are more
        // than a period late; shot 4 (due 40) is 5 s late and is taken now, shot 5 at 50 s.
        #expect(timing.nextShot(after: 45 * second, lastTaken: 0) == .init(index: 4, skipped: 3, due: 40 * second))
        #expect(timing.nextShot(after: 46 * second, lastTaken: 4) == .init(index: 5, skipped: 0, due: 50 * second))
        // Nothing taken yet and already 25 s in: shot 0 and 1 are skipped, shot 2 (due 20 s) is taken.
        #expect(timing.nextShot(after: 25 * second, lastTaken: nil) == .init(index: 2, skipped: 2, due: 20 * second))
    }

    @Test func aSimulatedDayOfTenSecondShotsIsFast() {
        let timing = IntervalTiming(start: 0, every: .seconds(10))
        let clock = ContinuousClock()
        var taken = 0
        var skipped = 0
        let elapsed = clock.measure {
            var now: UInt64 = 0
            var last: Int?
            var generator = SplitMix64(seed: 42)
            while true {
                let next = timing.nextShot(after: now, lastTaken: last)
                guard next.due < 86_400 * second else { break }
                skipped += next.skipped
                now = max(now, next.due)
                // Each capture takes 0.1–0.6 s; once an hour the machine stalls for 35 s.
                now += second / 10 + generator.next() % (second / 2)
                if next.index % 360 == 359 { now += 35 * second }
                taken += 1
                last = next.index
            }
        }
        #expect(taken + skipped == 8_640)
        // Each stall makes two shots more than a period late (skipped); the third is taken late.
        // The last stall, after shot 8639, runs past the end of the day.
        #expect(skipped == 23 * 2)
        #expect(elapsed < .milliseconds(500))
    }
}

