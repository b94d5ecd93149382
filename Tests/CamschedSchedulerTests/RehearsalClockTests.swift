import CamschedJobs
@testable import CamschedScheduler
import CamschedTestSupport
import Foundation
import Testing

/// The rehearsal's clock on a manual base clock: its time runs `speed` times as fast from `at`,
/// stands still while paused, and maps the camera's frame stamps and the mode's sleeps both ways.
@Suite struct RehearsalClockTests {
    static let at = Date(timeIntervalSince1970: 1_813_553_400)  // 2027-06-21T05:50+01:00

    @Test func simulatedTimeRunsSpeedTimesAsFastFromAt() {
        let base = ManualCaptureClock()
        let clock = RehearsalClock(Rehearsal(at: Self.at, speed: 60), base: base)
        #expect(clock.now() == Self.at)
        base.advance(to: base.monotonicNanoseconds() + 1_000_000_000)
        #expect(clock.now() == Self.at.addingTimeInterval(60))
        #expect(clock.monotonicNanoseconds() == clock.originNanoseconds + 60_000_000_000)
        // A frame stamped half a real second after the start is 30 simulated seconds in.
        #expect(clock.simulated(clock.originNanoseconds + 500_000_000) == clock.originNanoseconds + 30_000_000_000)
        // Sleeping until 2 simulated minutes in takes one more real second.
        clock.sleep(untilMonotonic: clock.originNanoseconds + 120_000_000_000)
        #expect(base.monotonicNanoseconds() == clock.originNanoseconds + 2_000_000_000)
        #expect(clock.now() == Self.at.addingTimeInterval(120))
        #expect(clock.real(.max) == .max)
    }

    @Test func pausedTimeStandsStillAndFramesKeepTheirTimes() {
        let base = ManualCaptureClock()
        let clock = RehearsalClock(Rehearsal(at: Self.at, speed: 600), base: base)
        let origin = clock.originNanoseconds
        base.advance(to: origin + 1_000_000_000)
        clock.pause()
        clock.pause()
        base.advance(to: origin + 4_000_000_000)
        clock.resume()
        #expect(clock.now() == Self.at.addingTimeInterval(600), "nested pauses end at the last resume")
        clock.resume()
        base.advance(to: origin + 5_000_000_000)
        #expect(clock.now() == Self.at.addingTimeInterval(1200))
        // Frames stamped before, during and after the pause.
        #expect(clock.simulated(origin + 500_000_000) == origin + 300_000_000_000)
        #expect(clock.simulated(origin + 2_000_000_000) == origin + 600_000_000_000)
        #expect(clock.simulated(origin + 5_000_000_000) == origin + 1_200_000_000_000)
        // The day scene sees the same times.
        #expect(clock.sceneClock.time(atNanoseconds: origin + 5_000_000_000) == Self.at.addingTimeInterval(1200))
    }

    @Test func localTimesAreReadInTheJobsZone() throws {
        let lisbon = try #require(TimeZone(identifier: "Europe/Lisbon"))
        #expect(LocalDateTimeParser.parse("2027-06-21T05:50", timeZone: lisbon) == Self.at)
        #expect(LocalDateTimeParser.parse("2027-06-21 05:50:00", timeZone: lisbon) == Self.at)
        #expect(LocalDateTimeParser.parse("2027-06-21T04:50:00Z", timeZone: lisbon) == Self.at)
        #expect(LocalDateTimeParser.parse("2027-03-28T01:30", timeZone: lisbon) == nil, "skipped by the clock change")
        #expect(LocalDateTimeParser.parse("2027-06-31T05:50", timeZone: lisbon) == nil)
        #expect(LocalDateTimeParser.parse("2027-06-21T24:00", timeZone: lisbon) == nil)
    }

    @Test func keepOpenAutoIsDecidedOnTheRealTimeBetweenShots() {
        var spec = IntervalSpec(every: .seconds(600), count: 3)
        spec.keepOpen = .auto
        var job = Job(name: "j", capture: .interval(spec), output: OutputSpec(root: URL(fileURLWithPath: "/tmp/out")))
        let fast = Rehearsal(at: Self.at, speed: 600).prepared(job)
        guard case let .interval(kept) = fast.capture else { Issue.record("not an interval"); return }
        #expect(kept.keepOpen == .always)
        job.capture = .interval(spec)
        let slow = Rehearsal(at: Self.at, speed: 2).prepared(job)
        guard case let .interval(closed) = slow.capture else { Issue.record("not an interval"); return }
        #expect(closed.keepOpen == .never)
    }
}
