import CamschedTestSupport
import Foundation
import Testing

/// `camsched plan` of jobs with sun-relative times, as a user runs it: the local times of the
/// coming days across the spring daylight-saving change, and polar days and nights. Expected
/// times are the `astral` package's (3.2, `sun.sunrise(Observer(lat, lon, elevation), date,
/// tzinfo)`), within a minute.
@Suite struct SunPlanTests {
    static let berlin = #"{"latitude": 52.52, "longitude": 13.40, "elevation": 34}"#

    static func plan(_ job: String, _ arguments: [String]) throws -> ProcessResult {
        let dir = try TemporaryDirectory()
        let file = try dir.write("sun.json", job)
        return try CamschedBinary.run(["plan", file.path] + arguments)
    }

    static func date(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try #require(formatter.date(from: text) ?? fractional.date(from: text), "not a date: \(text)")
    }

    /// One day of `plan`'s sun-time list: `  2026-03-29 Sun  window 06:16:54 +02:00 (sunrise-30m)
    /// to 20:06:28 +02:00 (sunset+30m)`, as (date, opens, closes).
    static func windows(_ stdout: String) throws -> [(day: String, opens: Date, closes: Date)] {
        let pattern = #/^  (\d{4}-\d\d-\d\d) \w{3}  window (\d\d:\d\d:\d\d) ([+-]\d\d:\d\d) \(sunrise-30m\) to (\d\d:\d\d:\d\d) ([+-]\d\d:\d\d) \(sunset\+30m\)$/#
        return try stdout.split(separator: "\n").compactMap { line in
            guard let match = String(line).wholeMatch(of: pattern) else { return nil }
            let day = String(match.1)
            return (day, try date("\(day)T\(match.2)\(match.3)"), try date("\(day)T\(match.4)\(match.5)"))
        }
    }

    @Test func sunriseToSunsetWindowsInBerlinAcrossTheSpringChange() throws {
        let job = #"""
        {"name": "garden", "location": \#(Self.berlin),
         "capture": {"interval": {"every": "10m", "from": "sunrise-30m", "until": "sunset+30m"}},
         "schedule": {"cron": "0 4 * * *", "timezone": "Europe/Berlin"}}
        """#
        let result = try Self.plan(job, ["--from", "2026-03-27T12:00:00+01:00", "--count", "3", "--days", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        // astral, Berlin: sunrise and sunset; the clocks go forward on the 29th.
        let astral = [
            ("2026-03-27", "2026-03-27T05:51:37+01:00", "2026-03-27T18:32:57+01:00"),
            ("2026-03-28", "2026-03-28T05:49:15+01:00", "2026-03-28T18:34:43+01:00"),
            ("2026-03-29", "2026-03-29T06:46:54+02:00", "2026-03-29T19:36:28+02:00"),
            ("2026-03-30", "2026-03-30T06:44:33+02:00", "2026-03-30T19:38:13+02:00"),
        ]
        let days = try Self.windows(result.stdout)
        #expect(days.map(\.day) == astral.map(\.0), "\(result.stdout)")
        for (day, (_, sunrise, sunset)) in zip(days, astral) {
            #expect(abs(day.opens.timeIntervalSince(try Self.date(sunrise)) + 1800) <= 60, "\(day.day) opens")
            #expect(abs(day.closes.timeIntervalSince(try Self.date(sunset)) - 1800) <= 60, "\(day.day) closes")
        }
        // Local offsets as the wall clock shows them: CET before the change, CEST after.
        #expect(result.stdout.contains("  2026-03-28 Sat  window 05:19:"))
        #expect(result.stdout.contains(" +01:00 (sunrise-30m) to 19:04:"))
        #expect(result.stdout.contains("  2026-03-29 Sun  window 06:16:"))
        #expect(result.stdout.contains(" +02:00 (sunrise-30m) to 20:06:"))
        // The 04:00 fires wait for each day's window.
        let fires = result.stdout.split(separator: "\n").filter { $0.hasPrefix("2026-") }
        #expect(fires.count == 3)
        #expect(fires.dropFirst().first?.hasPrefix("2026-03-29 04:00:00 +02:00") == true)
        #expect(fires.dropFirst().first?.contains("waits for the window from 2026-03-29 06:16:") == true)
    }

    @Test func theJSONPlanCarriesEachFiresWindow() throws {
        let job = #"""
        {"name": "garden", "location": \#(Self.berlin),
         "capture": {"interval": {"every": "10m", "from": "sunrise-30m", "until": "sunset+30m"}},
         "schedule": {"at": "sunrise-45m", "timezone": "Europe/Berlin"}}
        """#
        let result = try Self.plan(job, ["--from", "2026-03-28T12:00:00+01:00", "--count", "1", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let fire = try #require(JobFixtures.events(result.stdout).first)
        // sunrise on the 29th 04:46:54 UTC: the fire 45 minutes before, the window 30.
        let at = try Self.date(try #require(fire["at"] as? String))
        #expect(abs(at.timeIntervalSince(try Self.date("2026-03-29T04:01:54Z"))) <= 60)
        let window = try #require(fire["window"] as? [String: Any])
        let opens = try Self.date(try #require(window["from"] as? String))
        let closes = try Self.date(try #require(window["until"] as? String))
        #expect(abs(opens.timeIntervalSince(try Self.date("2026-03-29T04:16:54Z"))) <= 60)
        #expect(abs(closes.timeIntervalSince(try Self.date("2026-03-29T18:06:28Z"))) <= 60)
        // Shots every 10 minutes from the window's opening to before its end.
        #expect(fire["totalCaptures"] as? Int == Int((closes.timeIntervalSince(opens) / 600).rounded(.up)))
        #expect(!result.stdout.contains("Sun times"), "no day list in JSON")
    }

    @Test func polarDaysAndNightsSaySoAt69NorthAnd55South() throws {
        let tromso = #"""
        {"name": "north", "location": {"latitude": 69.65, "longitude": 18.96},
         "capture": {"interval": {"every": "10m", "from": "sunrise-30m", "until": "sunset+30m"}},
         "schedule": {"at": "sunrise", "timezone": "Etc/GMT-1"}}
        """#
        let summer = try Self.plan(tromso, ["--from", "2026-06-20T12:00:00+01:00", "--count", "1", "--days", "3"])
        #expect(summer.status == 0, "\(summer.stderr)")
        #expect(summer.stdout.contains(
            "  2026-06-21 Sun  no sunrise on 2026-06-21 (the sun stays up all day); no sunrise on 2026-06-21 (the sun stays up all day)"))
        // astral: the first sunrise after the polar day is 2026-07-27 00:31:50 +01:00.
        #expect(summer.stdout.hasPrefix("2026-07-27 00:3"), "\(summer.stdout)")
        let winter = try Self.plan(tromso, ["--from", "2026-12-20T12:00:00+01:00", "--count", "1", "--days", "3"])
        #expect(winter.stdout.contains("  2026-12-21 Mon  no sunrise on 2026-12-21 (the sun stays below the horizon all day)"))
        let south = #"""
        {"name": "south", "location": {"latitude": -55.0, "longitude": -67.0},
         "capture": {"interval": {"every": "10m", "from": "astronomicalDusk", "until": "astronomicalDawn"}},
         "schedule": {"cron": "0 12 * * *", "timezone": "Etc/GMT+3"}}
        """#
        // astral: no astronomical dusk at 55°S from 2026-11-09 to 2027-02-02.
        let december = try Self.plan(south, ["--from", "2026-12-20T00:00:00-03:00", "--count", "1", "--days", "2"])
        #expect(december.status == 0, "\(december.stderr)")
        #expect(december.stdout.contains(
            "  2026-12-21 Mon  no astronomicalDusk on 2026-12-21 (the sun stays less than 18° below the horizon all night)"))
        #expect(december.stdout.hasPrefix("2026-12-20 12:00:00 -03:00"))
        #expect(december.stdout.contains("0 capture(s); no astronomicalDusk on 2026-12-20"))
        let june = try Self.plan(south, ["--from", "2026-06-20T00:00:00-03:00", "--count", "1", "--days", "1"])
        #expect(june.stdout.contains("  2026-06-20 Sat  window "), "\(june.stdout)")
    }
}
