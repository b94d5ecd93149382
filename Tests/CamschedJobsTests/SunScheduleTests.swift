import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

/// `schedule.at`: one fire a day at a sun event, in the schedule's time zone, across
/// daylight-saving changes and polar days. Expected times are astral's (PyPI `astral` 3.2,
/// `sun.sunrise(Observer(lat, lon, elevation), date, tzinfo)`), within a minute.
@Suite("Sun-relative schedules")
struct SunScheduleTests {
    static let berlin = #"{"latitude": 52.52, "longitude": 13.40, "elevation": 34}"#

    static func job(schedule: String, location: String = berlin) throws(JobFileError) -> Job {
        let json = #"""
        {"name": "sun", "capture": {"interval": {"every": "1s", "count": 1}},
         "location": \#(location), "schedule": \#(schedule)}
        """#
        return try JobLoader.load(data: Data(json.utf8), sourceURL: nil, environment: [:])
    }

    static func expectNear(_ actual: Date?, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let want = TestDates.date(expected)
        guard let actual else {
            Issue.record("no fire, expected \(expected)", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(actual.timeIntervalSince(want)) <= 60,
                "\(TestDates.text(actual)) is not within a minute of \(expected)", sourceLocation: sourceLocation)
    }

    @Test func firesAtSunriseMinusThirtyMinutesAcrossTheSpringChange() throws {
        let job = try Self.job(schedule: #"{"at": "sunrise-30m", "timezone": "Europe/Berlin"}"#)
        #expect(job.schedule?.at == SunTime(event: .sunrise, offset: .seconds(-1800)))
        let fires = SchedulePlanner().fires(of: job, from: TestDates.date("2026-03-27T12:00:00+01:00"), count: 4)
        #expect(fires.count == 4)
        // astral: sunrise 05:49:15 CET on the 28th, 06:46:54 CEST on the 29th (clocks forward),
        // 06:44:33 on the 30th, 06:42:12 on the 31st.
        Self.expectNear(fires.first?.at, "2026-03-28T05:19:15+01:00")
        Self.expectNear(fires.dropFirst().first?.at, "2026-03-29T06:16:54+02:00")
        Self.expectNear(fires.dropFirst(2).first?.at, "2026-03-30T06:14:33+02:00")
        Self.expectNear(fires.dropFirst(3).first?.at, "2026-03-31T06:12:12+02:00")
        // The daemon's next fire is the same function.
        Self.expectNear(job.nextFire(after: TestDates.date("2026-03-29T06:17:00+02:00")), "2026-03-30T06:14:33+02:00")
    }

    @Test func aPolarDayIsSkipped() throws {
        // Tromsø (UTC+1): astral has no sunrise from 2026-05-18 to 2026-07-26; the next is
        // 2026-07-27 00:31:50 +01:00.
        let job = try Self.job(schedule: #"{"at": "sunrise", "timezone": "Etc/GMT-1"}"#,
                               location: #"{"latitude": 69.65, "longitude": 18.96}"#)
        Self.expectNear(job.nextFire(after: TestDates.date("2026-06-01T12:00:00+01:00")), "2026-07-27T00:31:50+01:00")
    }

    @Test func noLocationMeansNoFire() throws {
        var job = try Self.job(schedule: #"{"at": "sunset"}"#)
        job.location = nil
        #expect(job.nextFire(after: TestDates.date("2026-03-27T12:00:00Z")) == nil)
    }

    @Test(arguments: [
        (#"{"at": "sunrise+25h"}"#, "schedule.at",
         #"the offset in "sunrise+25h" is more than 12 hours; use an offset of at most 12h before or after the event"#),
        (#"{"at": "sunrse"}"#, "schedule.at", #""sunrse" is not a sun event; did you mean "sunrise"?"#),
        (#"{"at": "sunset", "cron": "0 6 * * *"}"#, "schedule.at",
         #"use only one of "cron", "at" and "always": "cron" fires at clock times, "at" once a day at a sun event, "always" keeps the job running"#),
        (#"{"timezone": "UTC"}"#, "schedule",
         #"needs "cron" (e.g. "0 6 * * *"), "at" (a sun event, e.g. "sunrise-30m") or "always": true"#),
        (#"{"at": 6}"#, "schedule.at", "expected a string, found 6"),
    ])
    func badSchedulesAreClearProblems(schedule: String, path: String, message: String) {
        do throws(JobFileError) {
            _ = try Self.job(schedule: schedule)
            Issue.record("accepted \(schedule)")
        } catch {
            #expect(error.problems.map(\.path) == [path])
            #expect(error.problems.map(\.message) == [message])
        }
    }
}
