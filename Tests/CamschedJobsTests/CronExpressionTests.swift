import Foundation
import Testing
@testable import CamschedJobs

@Suite("Cron parsing")
struct CronExpressionTests {
    /// The next `count` fires in UTC after `start`, as RFC 3339 text.
    func fires(_ expression: String, after start: String, count: Int, zone: String = "UTC") throws -> [String] {
        try TestDates.fires(expression, zone: zone, after: start, count: count)
    }

    @Test func stepsAndRanges() throws {
        #expect(try fires("1-30/10 * * * *", after: "2026-01-01T00:00:00Z", count: 4)
            == ["2026-01-01T00:01:00Z", "2026-01-01T00:11:00Z", "2026-01-01T00:21:00Z", "2026-01-01T01:01:00Z"])
        #expect(try fires("*/15 * * * *", after: "2026-01-01T00:00:00Z", count: 3)
            == ["2026-01-01T00:15:00Z", "2026-01-01T00:30:00Z", "2026-01-01T00:45:00Z"])
        #expect(try fires("0 9-17/4 * * *", after: "2026-01-01T00:00:00Z", count: 4)
            == ["2026-01-01T09:00:00Z", "2026-01-01T13:00:00Z", "2026-01-01T17:00:00Z", "2026-01-02T09:00:00Z"])
        #expect(try fires("5/20 * * * *", after: "2026-01-01T00:00:00Z", count: 4)
            == ["2026-01-01T00:05:00Z", "2026-01-01T00:25:00Z", "2026-01-01T00:45:00Z", "2026-01-01T01:05:00Z"])
        #expect(try fires("0,30 8,20 * * *", after: "2026-01-01T00:00:00Z", count: 5)
            == ["2026-01-01T08:00:00Z", "2026-01-01T08:30:00Z", "2026-01-01T20:00:00Z", "2026-01-01T20:30:00Z",
                "2026-01-02T08:00:00Z"])
    }

    @Test func namesAnyCaseAndSevenIsSunday() throws {
        // 2026-01-01 is a Thursday; the first Sunday is 2026-01-04.
        #expect(try fires("0 0 * * 7", after: "2026-01-01T00:00:00Z", count: 2)
            == ["2026-01-04T00:00:00Z", "2026-01-11T00:00:00Z"])
        #expect(try CronExpression(parsing: "0 0 * * SUN") == CronExpression(parsing: "0 0 * * 0"))
        #expect(try CronExpression(parsing: "0 0 * * sun") == CronExpression(parsing: "0 0 * * 7"))
        #expect(try fires("0 0 * * Fri-Sun", after: "2026-01-01T00:00:00Z", count: 4)
            == ["2026-01-02T00:00:00Z", "2026-01-03T00:00:00Z", "2026-01-04T00:00:00Z", "2026-01-09T00:00:00Z"])
        #expect(try fires("0 0 1 JAN,jul *", after: "2026-01-01T00:00:00Z", count: 2)
            == ["2026-07-01T00:00:00Z", "2027-01-01T00:00:00Z"])
        #expect(try fires("0 12 * MAR-may MON", after: "2026-01-01T00:00:00Z", count: 1) == ["2026-03-02T12:00:00Z"])
    }

    @Test func macros() throws {
        #expect(try CronExpression(parsing: "@hourly") == CronExpression(parsing: "0 * * * *"))
        #expect(try CronExpression(parsing: "@daily") == CronExpression(parsing: "0 0 * * *"))
        #expect(try CronExpression(parsing: "@midnight") == CronExpression(parsing: "0 0 * * *"))
        #expect(try CronExpression(parsing: "@weekly") == CronExpression(parsing: "0 0 * * 0"))
        #expect(try CronExpression(parsing: "@monthly") == CronExpression(parsing: "0 0 1 * *"))
        #expect(try CronExpression(parsing: "@yearly") == CronExpression(parsing: "0 0 1 1 *"))
        #expect(try CronExpression(parsing: "@ANNUALLY") == CronExpression(parsing: "0 0 1 1 *"))
        #expect(try fires("@weekly", after: "2026-01-01T00:00:00Z", count: 1) == ["2026-01-04T00:00:00Z"])
    }

    @Test func dayOfMonthOrDayOfWeekWhenBothRestricted() throws {
        // Fridays in January 2026: 2, 9, 16, 23, 30; the 13th is a Tuesday.
        #expect(try fires("0 0 13 * FRI", after: "2026-01-01T00:00:00Z", count: 6)
            == ["2026-01-02T00:00:00Z", "2026-01-09T00:00:00Z", "2026-01-13T00:00:00Z", "2026-01-16T00:00:00Z",
                "2026-01-23T00:00:00Z", "2026-01-30T00:00:00Z"])
        // A field starting with "*" is unrestricted, so both must match: odd days that are Fridays.
        #expect(try fires("0 0 */2 * FRI", after: "2026-01-01T00:00:00Z", count: 3)
            == ["2026-01-09T00:00:00Z", "2026-01-23T00:00:00Z", "2026-02-13T00:00:00Z"])
        #expect(try fires("0 0 * * FRI", after: "2026-01-01T00:00:00Z", count: 2)
            == ["2026-01-02T00:00:00Z", "2026-01-09T00:00:00Z"])
        #expect(try fires("0 0 1 * *", after: "2026-01-01T00:00:00Z", count: 2)
            == ["2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z"])
    }

    @Test func leapDays() throws {
        #expect(try fires("0 0 29 2 *", after: "2026-01-01T00:00:00Z", count: 3)
            == ["2028-02-29T00:00:00Z", "2032-02-29T00:00:00Z", "2036-02-29T00:00:00Z"])
        // In Berlin, midnight of the leap day is 23:00 UTC the day before.
        #expect(try fires("0 0 29 2 *", after: "2026-01-01T00:00:00Z", count: 1, zone: "Europe/Berlin")
            == ["2028-02-28T23:00:00Z"])
        // 2100 is not a leap year: from 2097 the next leap day is in 2104.
        #expect(try fires("0 0 29 2 *", after: "2097-01-01T00:00:00Z", count: 1) == ["2104-02-29T00:00:00Z"])
        #expect(try fires("0 0 31 * *", after: "2026-01-31T00:00:00Z", count: 2)
            == ["2026-03-31T00:00:00Z", "2026-05-31T00:00:00Z"])
    }

    @Test func impossibleDatesNeverFire() throws {
        let cron = try CronExpression(parsing: "0 0 30 2 *")
        #expect(cron.nextFire(after: TestDates.date("2026-01-01T00:00:00Z"), in: TestDates.zone("UTC")) == nil)
    }

    @Test func strictlyAfter() throws {
        #expect(try fires("0 6 * * *", after: "2026-05-01T06:00:00Z", count: 1) == ["2026-05-02T06:00:00Z"])
        #expect(try fires("0 6 * * *", after: "2026-05-01T05:59:59Z", count: 1) == ["2026-05-01T06:00:00Z"])
    }

    @Test func farAwayDatesAreFast() throws {
        let cron = try CronExpression(parsing: "0 0 29 2 *")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            var after = TestDates.date("2026-01-01T00:00:00Z")
            for _ in 0..<50 {
                after = cron.nextFire(after: after, in: TestDates.zone("Europe/Berlin")) ?? after
            }
        }
        #expect(elapsed < .seconds(1))
    }

    @Test func matches() throws {
        let cron = try CronExpression(parsing: "30 6 * * MON-FRI")
        #expect(cron.matches(TestDates.date("2026-01-02T06:30:00Z"), in: TestDates.zone("UTC")))
        #expect(!cron.matches(TestDates.date("2026-01-03T06:30:00Z"), in: TestDates.zone("UTC")))
        #expect(cron.matches(TestDates.date("2026-01-02T05:30:00Z"), in: TestDates.zone("Europe/Berlin")))
    }

    @Test(arguments: [
        ("60 * * * *", "minute field \"60\": 60 is out of range 0-59"),
        ("* 24 * * *", "hour field \"24\": 24 is out of range 0-23"),
        ("* * 0 * *", "day-of-month field \"0\": 0 is out of range 1-31"),
        ("* * * 13 *", "month field \"13\": 13 is out of range 1-12"),
        ("* * * * 8", "day-of-week field \"8\": 8 is out of range 0-7"),
        ("* * * FOO *", "month field \"FOO\": \"FOO\" is not a month number (1-12) or name (JAN-DEC)"),
        ("* * * * MONDAY", "day-of-week field \"MONDAY\": \"MONDAY\" is not a weekday number (0-7, 0 and 7 = Sunday) or name (SUN-SAT)"),
        ("*/0 * * * *", "minute field \"*/0\": step must be at least 1"),
        ("*/x * * * *", "minute field \"*/x\": step \"x\" is not a number"),
        ("5-2 * * * *", "minute field \"5-2\": range 5-2 runs backwards; write the smaller value first"),
        ("1,,2 * * * *", "minute field \"1,,2\": empty item in list"),
        ("a * * * *", "minute field \"a\": \"a\" is not a number"),
        ("* * * *", "expected 5 fields (minute hour day-of-month month day-of-week), found 4"),
        ("* * * * * *", "expected 5 fields (minute hour day-of-month month day-of-week), found 6"),
        ("@reboot", "unknown macro \"@reboot\"; use one of @hourly, @daily, @midnight, @weekly, @monthly, @yearly, @annually"),
    ])
    func errors(expression: String, message: String) {
        #expect(throws: CronParseError.self) { try CronExpression(parsing: expression) }
        do {
            _ = try CronExpression(parsing: expression)
        } catch {
            #expect(error.description == message)
        }
    }
}
