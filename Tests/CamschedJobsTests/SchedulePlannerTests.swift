import Foundation
import Testing
@testable import CamschedJobs

@Suite("Schedule planner")
struct SchedulePlannerTests {
    func job(_ capture: CaptureSpec, schedule: ScheduleSpec? = nil, fps: Double? = nil) -> Job {
        Job(name: "t", camera: CameraSettings(fps: fps), capture: capture,
            output: OutputSpec(root: URL(fileURLWithPath: "/tmp/t")), schedule: schedule)
    }

    @Test func withoutAScheduleOneFireAtFrom() {
        let from = TestDates.date("2026-05-01T10:00:00Z")
        let fires = SchedulePlanner().fires(of: job(.interval(IntervalSpec(every: .seconds(10), count: 3))), from: from, count: 5)
        #expect(fires.count == 1)
        #expect(fires[0].at == from)
        #expect(fires[0].captures.map { TestDates.text($0.at) }
            == ["2026-05-01T10:00:00Z", "2026-05-01T10:00:10Z", "2026-05-01T10:00:20Z"])
        #expect(fires[0].captures.map(\.index) == [0, 1, 2])
        #expect(fires[0].endsAt == TestDates.date("2026-05-01T10:00:20Z"))
        #expect(!fires[0].isTruncated)
    }

    @Test func cronFiresAfterFrom() throws {
        let schedule = ScheduleSpec(cron: try CronExpression(parsing: "0 6 * * *"), timeZone: TestDates.zone("Europe/Berlin"))
        let fires = SchedulePlanner().fires(of: job(.record(RecordSpec(duration: .seconds(3600), segment: .seconds(600))),
                                                    schedule: schedule),
                                            from: TestDates.date("2026-03-28T12:00:00Z"), count: 3)
        #expect(fires.map { TestDates.text($0.at) } == ["2026-03-29T04:00:00Z", "2026-03-30T04:00:00Z", "2026-03-31T04:00:00Z"])
        #expect(fires[0].captures == [PlannedCapture(kind: .recording, index: 0, at: fires[0].at, duration: .seconds(3600),
                                                     segmentCount: 6)])
        #expect(fires[0].endsAt == TestDates.date("2026-03-29T05:00:00Z"))
    }

    @Test func durationAndUntilBoundTheShotsStrictly() {
        let start = TestDates.date("2026-05-01T10:00:00Z")
        let byDuration = SchedulePlanner().fire(of: job(.interval(IntervalSpec(every: .seconds(10), duration: .seconds(3600)))), at: start)
        #expect(byDuration.totalCaptures == 360)
        #expect(byDuration.captures.last?.at == TestDates.date("2026-05-01T10:59:50Z"))
        let byUntil = SchedulePlanner().fire(
            of: job(.interval(IntervalSpec(every: .seconds(7), until: TestDates.date("2026-05-01T10:01:00Z")))), at: start)
        #expect(byUntil.totalCaptures == 9)  // 0, 7, …, 56 s
        let past = SchedulePlanner().fire(
            of: job(.interval(IntervalSpec(every: .seconds(7), until: TestDates.date("2026-05-01T09:00:00Z")))), at: start)
        #expect(past.totalCaptures == 0 && past.captures.isEmpty && past.endsAt == nil)
    }

    @Test func alignedIntervalsStartOnTheWallClockGrid() {
        let start = TestDates.date("2026-05-01T10:00:03Z")
        let aligned = SchedulePlanner().fire(
            of: job(.interval(IntervalSpec(every: .seconds(10), count: 2, align: true))), at: start)
        #expect(aligned.captures.map { TestDates.text($0.at) } == ["2026-05-01T10:00:10Z", "2026-05-01T10:00:20Z"])
        // In a zone with a half-hour offset, hourly shots fall on local hours.
        let kolkata = IntervalAlignment.firstShot(atOrAfter: start, every: .seconds(3600), timeZone: TestDates.zone("Asia/Kolkata"))
        #expect(TestDates.text(kolkata) == "2026-05-01T10:30:00Z")
        // Daily: local midnight.
        let daily = IntervalAlignment.firstShot(atOrAfter: start, every: .seconds(86_400), timeZone: TestDates.zone("Europe/Berlin"))
        #expect(TestDates.text(daily) == "2026-05-01T22:00:00Z")
        // Already on the grid: now.
        let onGrid = TestDates.date("2026-05-01T10:00:00Z")
        #expect(IntervalAlignment.firstShot(atOrAfter: onGrid, every: .seconds(10), timeZone: TestDates.zone("UTC")) == onGrid)
        // Sub-second periods.
        let fine = IntervalAlignment.firstShot(atOrAfter: Date(timeIntervalSince1970: 100.3), every: .milliseconds(250),
                                               timeZone: TestDates.zone("UTC"))
        #expect(abs(fine.timeIntervalSince1970 - 100.5) < 1e-6)
    }

    @Test func longRunsAreCappedButCounted() {
        let fire = SchedulePlanner().fire(
            of: job(.interval(IntervalSpec(every: .seconds(1), duration: .seconds(86_400 * 2)))), at: Date(timeIntervalSince1970: 0))
        #expect(fire.captures.count == 10_000)
        #expect(fire.totalCaptures == 172_800)
        #expect(fire.isTruncated)
        #expect(fire.endsAt == Date(timeIntervalSince1970: 172_799))
        #expect(SchedulePlanner(captureLimit: 3).fire(of: job(.burst(BurstSpec(count: 5))), at: .distantPast).captures.count == 3)
    }

    @Test func burstsWithBracketing() {
        let start = TestDates.date("2026-05-01T10:00:00Z")
        let fire = SchedulePlanner().fire(of: job(.burst(BurstSpec(count: 2, fps: 4, bracket: [-2, 0, 2]))), at: start)
        #expect(fire.totalCaptures == 6)
        #expect(fire.captures.map(\.exposureOffset) == [-2, 0, 2, -2, 0, 2])
        #expect(fire.captures.map { $0.at.timeIntervalSince(start) } == [0, 0.25, 0.5, 0.75, 1, 1.25])  // exact in binary
        // Without a burst rate, the camera's; without that, a nominal 30 fps.
        let cameraRate = SchedulePlanner().fire(of: job(.burst(BurstSpec(count: 2)), fps: 10), at: start)
        #expect(abs((cameraRate.captures.last?.at.timeIntervalSince(start) ?? 0) - 0.1) < 1e-6)
        #expect(cameraRate.captures[0].exposureOffset == nil)
    }

    @Test func planningAYearOfFiresIsFast() throws {
        let schedule = ScheduleSpec(cron: try CronExpression(parsing: "*/5 * * * *"), timeZone: TestDates.zone("America/New_York"))
        let clock = ContinuousClock()
        var fires: [PlannedFire] = []
        let elapsed = clock.measure {
            fires = SchedulePlanner().fires(of: job(.burst(BurstSpec(count: 1)), schedule: schedule),
                                            from: TestDates.date("2026-01-01T00:00:00Z"), count: 12 * 24 * 30)
        }
        #expect(fires.count == 8_640)
        #expect(zip(fires, fires.dropFirst()).allSatisfy { $0.at < $1.at })
        #expect(elapsed < .seconds(2))
    }
}
