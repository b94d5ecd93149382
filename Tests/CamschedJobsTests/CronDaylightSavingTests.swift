import Foundation
import Testing
@testable import CamschedJobs

/// Hand-computed next-fire tables across the 2026 daylight-saving changes.
///
/// Europe/Berlin: 2026-03-29 02:00 CET → 03:00 CEST (01:00Z); 2026-10-25 03:00 CEST → 02:00 CET
/// (01:00Z). America/New_York: 2026-03-08 02:00 EST → 03:00 EDT (07:00Z); 2026-11-01 02:00 EDT →
/// 01:00 EST (06:00Z).
@Suite("Cron across daylight-saving changes")
struct CronDaylightSavingTests {
    func fires(_ expression: String, _ zone: String, after start: String, count: Int) throws -> [String] {
        try TestDates.fires(expression, zone: zone, after: start, count: count)
    }

    // MARK: Europe/Berlin, spring forward

    @Test func berlinFixedTimeInTheGapFiresOnceWhenTheClocksJump() throws {
        // 02:30 does not exist on 2026-03-29: it fires at 03:00 CEST (01:00Z).
        #expect(try fires("30 2 * * *", "Europe/Berlin", after: "2026-03-27T12:00:00Z", count: 3)
            == ["2026-03-28T01:30:00Z", "2026-03-29T01:00:00Z", "2026-03-30T00:30:00Z"])
        #expect(try fires("0 2 * * *", "Europe/Berlin", after: "2026-03-28T12:00:00Z", count: 2)
            == ["2026-03-29T01:00:00Z", "2026-03-30T00:00:00Z"])
        // Just before the gap, and exactly at the jump (strictly after: the next day).
        #expect(try fires("30 2 * * *", "Europe/Berlin", after: "2026-03-29T00:59:00Z", count: 1)
            == ["2026-03-29T01:00:00Z"])
        #expect(try fires("30 2 * * *", "Europe/Berlin", after: "2026-03-29T01:00:00Z", count: 1)
            == ["2026-03-30T00:30:00Z"])
        #expect(try fires("0 3 * * *", "Europe/Berlin", after: "2026-03-28T12:00:00Z", count: 2)
            == ["2026-03-29T01:00:00Z", "2026-03-30T01:00:00Z"])
    }

    @Test func berlinWildcardHourSkipsTheMissingHour() throws {
        #expect(try fires("30 * * * *", "Europe/Berlin", after: "2026-03-28T23:45:00Z", count: 3)
            == ["2026-03-29T00:30:00Z", "2026-03-29T01:30:00Z", "2026-03-29T02:30:00Z"])
        #expect(try fires("*/15 * * * *", "Europe/Berlin", after: "2026-03-29T00:40:00Z", count: 3)
            == ["2026-03-29T00:45:00Z", "2026-03-29T01:00:00Z", "2026-03-29T01:15:00Z"])
    }

    @Test func berlinMinuteWildcardSkipsTheMissingHourToo() throws {
        // The minute field starts with `*`: a wildcard entry for cronie (MIN_STAR), so the
        // skipped 02:00…02:45 do not fire; 03:00 CEST exists and fires as usual.
        #expect(try fires("*/15 2,3 * * *", "Europe/Berlin", after: "2026-03-29T00:00:00Z", count: 3)
            == ["2026-03-29T01:00:00Z", "2026-03-29T01:15:00Z", "2026-03-29T01:30:00Z"])
        // `*/15 2 * * *` has nothing left to fire on the day of the jump: next is Monday 02:00 CEST.
        #expect(try fires("*/15 2 * * *", "Europe/Berlin", after: "2026-03-28T12:00:00Z", count: 2)
            == ["2026-03-30T00:00:00Z", "2026-03-30T00:15:00Z"])
        // A fixed minute in the same hour is a fixed-time entry: it fires once, when the clocks jump.
        #expect(try fires("15 2 * * *", "Europe/Berlin", after: "2026-03-28T12:00:00Z", count: 2)
            == ["2026-03-29T01:00:00Z", "2026-03-30T00:15:00Z"])
    }

    // MARK: Europe/Berlin, fall back

    @Test func berlinRepeatedWallTimeFiresOnceForFixedHours() throws {
        // 02:30 happens at 00:30Z (CEST) and 01:30Z (CET): only the first.
        #expect(try fires("30 2 * * *", "Europe/Berlin", after: "2026-10-24T12:00:00Z", count: 2)
            == ["2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"])
        #expect(try fires("30 2 * * *", "Europe/Berlin", after: "2026-10-25T00:45:00Z", count: 1)
            == ["2026-10-26T01:30:00Z"])
        #expect(try fires("0 1 * * *", "Europe/Berlin", after: "2026-10-24T12:00:00Z", count: 2)
            == ["2026-10-24T23:00:00Z", "2026-10-26T00:00:00Z"])
        #expect(try fires("0 3 * * *", "Europe/Berlin", after: "2026-10-24T12:00:00Z", count: 2)
            == ["2026-10-25T02:00:00Z", "2026-10-26T02:00:00Z"])
    }

    @Test func berlinWildcardHourFiresInBothPasses() throws {
        #expect(try fires("30 * * * *", "Europe/Berlin", after: "2026-10-24T23:00:00Z", count: 4)
            == ["2026-10-24T23:30:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z", "2026-10-25T02:30:00Z"])
        // At 02:50 CEST the clocks are about to go back: next is 02:00 CET (01:00Z).
        #expect(try fires("*/15 * * * *", "Europe/Berlin", after: "2026-10-25T00:50:00Z", count: 2)
            == ["2026-10-25T01:00:00Z", "2026-10-25T01:15:00Z"])
    }

    @Test func berlinMinuteWildcardFiresInBothPasses() throws {
        // `*/15 2 * * *` on 2026-10-25: 02:00…02:45 CEST (00:00Z…00:45Z), then again in CET
        // (01:00Z…01:45Z) — eight fires, as cronie runs wildcard entries by the clock.
        #expect(try fires("*/15 2 * * *", "Europe/Berlin", after: "2026-10-24T12:00:00Z", count: 9)
            == ["2026-10-25T00:00:00Z", "2026-10-25T00:15:00Z", "2026-10-25T00:30:00Z", "2026-10-25T00:45:00Z",
                "2026-10-25T01:00:00Z", "2026-10-25T01:15:00Z", "2026-10-25T01:30:00Z", "2026-10-25T01:45:00Z",
                "2026-10-26T01:00:00Z"])
        // The fixed-time `15 2 * * *` fires at the first 02:15 only.
        #expect(try fires("15 2 * * *", "Europe/Berlin", after: "2026-10-24T12:00:00Z", count: 2)
            == ["2026-10-25T00:15:00Z", "2026-10-26T01:15:00Z"])
        // `@daily` is fixed-time (minute 0, hour 0), `@hourly` a wildcard entry (hour `*`).
        #expect(try fires("@hourly", "Europe/Berlin", after: "2026-10-24T23:30:00Z", count: 3)
            == ["2026-10-25T00:00:00Z", "2026-10-25T01:00:00Z", "2026-10-25T02:00:00Z"])
    }

    // MARK: America/New_York

    @Test func newYorkSpringForward() throws {
        #expect(try fires("30 2 * * *", "America/New_York", after: "2026-03-07T12:00:00Z", count: 3)
            == ["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z"])
        // Friday 9:00 EST, then Monday 9:00 EDT.
        #expect(try fires("0 9 * * 1-5", "America/New_York", after: "2026-03-06T12:00:00Z", count: 2)
            == ["2026-03-06T14:00:00Z", "2026-03-09T13:00:00Z"])
        #expect(try fires("30 * * * *", "America/New_York", after: "2026-03-08T05:45:00Z", count: 3)
            == ["2026-03-08T06:30:00Z", "2026-03-08T07:30:00Z", "2026-03-08T08:30:00Z"])
    }

    @Test func newYorkFallBack() throws {
        // 01:30 happens at 05:30Z (EDT) and 06:30Z (EST).
        #expect(try fires("30 1 * * *", "America/New_York", after: "2026-10-31T12:00:00Z", count: 2)
            == ["2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"])
        #expect(try fires("30 * * * *", "America/New_York", after: "2026-11-01T04:45:00Z", count: 3)
            == ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z", "2026-11-01T07:30:00Z"])
        #expect(try fires("0 12 * * *", "America/New_York", after: "2026-10-31T12:00:00Z", count: 2)
            == ["2026-10-31T16:00:00Z", "2026-11-01T17:00:00Z"])
    }
}
