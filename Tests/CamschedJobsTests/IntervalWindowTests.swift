import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

/// `capture.interval.from` / `until`: which window a run started at a given time takes.
/// Expected times are astral's for Berlin (52.52°N 13.40°E, 34 m), within a minute.
@Suite("Interval windows")
struct IntervalWindowTests {
    static let berlin = GeoLocation(latitude: 52.52, longitude: 13.40, elevation: 34)
    static let berlinZone = TestDates.zone("Europe/Berlin")

    static func spec(from: String?, until: String? = nil) throws -> IntervalSpec {
        var spec = IntervalSpec(every: .seconds(60))
        spec.from = try from.map { .sun(try SunTime(parsing: $0)) }
        spec.until = try until.map { .sun(try SunTime(parsing: $0)) }
        return spec
    }

    static func window(_ spec: IntervalSpec, at now: String, location: GeoLocation = berlin,
                       zone: TimeZone = berlinZone) -> IntervalWindow.Outcome {
        IntervalWindow.resolve(spec, at: TestDates.date(now), timeZone: zone, location: location)
    }

    static func expectWindow(_ outcome: IntervalWindow.Outcome, opens: String?, closes: String?,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard case .window(let window) = outcome else {
            Issue.record("no window: \(outcome)", sourceLocation: sourceLocation)
            return
        }
        for (actual, expected) in [(window.opens, opens), (window.closes, closes)] {
            switch (actual, expected) {
            case (nil, nil): break
            case let (actual?, expected?):
                #expect(abs(actual.timeIntervalSince(TestDates.date(expected))) <= 60,
                        "\(TestDates.text(actual)) is not within a minute of \(expected)", sourceLocation: sourceLocation)
            default:
                Issue.record("\(TestDates.text(actual)) is not \(expected ?? "nil")", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func beforeInsideAndAfterTheDaysWindow() throws {
        let spec = try Self.spec(from: "sunrise-30m", until: "sunset+30m")
        // The day the clocks go forward: sunrise 06:46:54 CEST, sunset 19:36:28 CEST.
        Self.expectWindow(Self.window(spec, at: "2026-03-29T04:00:00+02:00"),
                          opens: "2026-03-29T06:16:54+02:00", closes: "2026-03-29T20:06:28+02:00")
        Self.expectWindow(Self.window(spec, at: "2026-03-29T12:00:00+02:00"),
                          opens: "2026-03-29T06:16:54+02:00", closes: "2026-03-29T20:06:28+02:00")
        // After the day's window: the next day's (sunrise 06:44:33, sunset 19:38:13).
        Self.expectWindow(Self.window(spec, at: "2026-03-29T21:00:00+02:00"),
                          opens: "2026-03-30T06:14:33+02:00", closes: "2026-03-30T20:08:13+02:00")
        // The day before, in winter time: sunrise 05:49:15 CET.
        Self.expectWindow(Self.window(spec, at: "2026-03-28T00:30:00+01:00"),
                          opens: "2026-03-28T05:19:15+01:00", closes: "2026-03-28T19:04:42+01:00")
    }

    @Test func aNightWindowSpansMidnight() throws {
        let spec = try Self.spec(from: "sunset", until: "sunrise")
        // At 02:00 the night that began at the 29th's sunset is open until the 30th's sunrise.
        Self.expectWindow(Self.window(spec, at: "2026-03-30T02:00:00+02:00"),
                          opens: "2026-03-29T19:36:28+02:00", closes: "2026-03-30T06:44:33+02:00")
        // At noon the coming night.
        Self.expectWindow(Self.window(spec, at: "2026-03-30T12:00:00+02:00"),
                          opens: "2026-03-30T19:38:13+02:00", closes: "2026-03-31T06:42:12+02:00")
    }

    @Test func onlyOneSunBound() throws {
        // "until" alone: from now until the next sunset.
        Self.expectWindow(Self.window(try Self.spec(from: String?.none, until: "sunset"), at: "2026-03-29T21:00:00+02:00"),
                          opens: nil, closes: "2026-03-30T19:38:13+02:00")
        // "from" alone: today's sunrise; a run after it starts at once (opens lies in the past).
        Self.expectWindow(Self.window(try Self.spec(from: "sunrise"), at: "2026-03-29T21:00:00+02:00"),
                          opens: "2026-03-29T06:46:54+02:00", closes: nil)
        // A sun "from" and a fixed "until": before the day's sunrise the run waits for it,
        // though the day before's sunrise also lies before "until".
        var mixed = try Self.spec(from: "sunrise")
        mixed.until = .time(TestDates.date("2026-12-31T00:00:00Z"))
        Self.expectWindow(Self.window(mixed, at: "2026-03-29T03:00:00+02:00"),
                          opens: "2026-03-29T06:46:54+02:00", closes: "2026-12-31T00:00:00Z")
        // Fixed bounds only: simply theirs.
        var fixed = IntervalSpec(every: .seconds(1))
        fixed.from = .time(TestDates.date("2026-05-01T10:00:00Z"))
        fixed.until = .time(TestDates.date("2026-05-01T11:00:00Z"))
        Self.expectWindow(Self.window(fixed, at: "2026-03-29T12:00:00Z"),
                          opens: "2026-05-01T10:00:00Z", closes: "2026-05-01T11:00:00Z")
    }

    @Test func polarDayAndNightHaveNoWindow() throws {
        let tromso = GeoLocation(latitude: 69.65, longitude: 18.96)
        let plusOne = TestDates.zone("Etc/GMT-1")
        let spec = try Self.spec(from: "sunrise-30m", until: "sunset+30m")
        let summer = Self.window(spec, at: "2026-06-21T12:00:00+01:00", location: tromso, zone: plusOne)
        #expect(summer == .absent(SunAbsence(time: SunTime(event: .sunrise, offset: .seconds(-1800)),
                                             date: "2026-06-21", sunStaysAbove: true)))
        if case .absent(let absence) = summer {
            #expect(absence.description == "no sunrise on 2026-06-21 (the sun stays up all day)")
        }
        let winter = Self.window(spec, at: "2026-12-21T12:00:00+01:00", location: tromso, zone: plusOne)
        if case .absent(let absence) = winter {
            #expect(absence.description == "no sunrise on 2026-12-21 (the sun stays below the horizon all day)")
        } else {
            Issue.record("a window in Tromsø's polar night: \(winter)")
        }
        // 55°S at midsummer: the sun never gets 18° below the horizon (astral: no astronomical
        // dusk from 2026-11-09 to 2027-02-02).
        let south = GeoLocation(latitude: -55, longitude: -67)
        let night = try Self.spec(from: "astronomicalDusk", until: "astronomicalDawn")
        let outcome = Self.window(night, at: "2026-12-21T12:00:00-03:00", location: south, zone: TestDates.zone("Etc/GMT+3"))
        if case .absent(let absence) = outcome {
            #expect(absence.description
                == "no astronomicalDusk on 2026-12-21 (the sun stays less than 18° below the horizon all night)")
        } else {
            Issue.record("an astronomical night at 55°S at midsummer: \(outcome)")
        }
    }
}
