import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

/// Sun-relative times in an interval's window, and the location they need: what is read, and
/// the problems `validate` reports.
@Suite("Sun times in jobs")
struct SunJobValidationTests {
    static let berlin = #", "location": {"latitude": 52.52, "longitude": 13.40}"#

    static func load(interval: String, extra: String = berlin, schedule: String? = nil,
                     environment: [String: String] = [:]) throws(JobFileError) -> Job {
        let scheduled = schedule.map { #", "schedule": \#($0)"# } ?? ""
        let json = #"{"name": "sun", "capture": {"interval": \#(interval)}\#(extra)\#(scheduled)}"#
        return try JobLoader.load(data: Data(json.utf8), sourceURL: nil, environment: environment)
    }

    static func problems(interval: String, extra: String = berlin, schedule: String? = nil) -> [JobProblem] {
        do {
            _ = try load(interval: interval, extra: extra, schedule: schedule)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func fromAndUntilAreSunTimesOrInstants() throws {
        let job = try Self.load(interval: #"{"every": "1m", "from": "sunrise-30m", "until": "sunset+30m"}"#)
        guard case .interval(let spec) = job.capture else { Issue.record("not an interval"); return }
        #expect(spec.from == .sun(SunTime(event: .sunrise, offset: .seconds(-1800))))
        #expect(spec.until == .sun(SunTime(event: .sunset, offset: .seconds(1800))))
        let fixed = try Self.load(interval: #"{"every": "1m", "from": "2026-05-01T10:00:00Z", "until": "dusk"}"#)
        guard case .interval(let fixedSpec) = fixed.capture else { Issue.record("not an interval"); return }
        #expect(fixedSpec.from == .time(TestDates.date("2026-05-01T10:00:00Z")))
        #expect(fixedSpec.until == .sun(SunTime(event: .dusk)))
        // "from" with a count: the end is the count.
        #expect(throws: Never.self) { try Self.load(interval: #"{"every": "1m", "from": "dawn", "count": 10}"#) }
    }

    @Test func aSunTimeWithoutALocationNamesTheFix() {
        let fix = #"a sun event needs a location: add "location": {"latitude": …, "longitude": …} to the job, or set CAMSCHED_LOCATION (e.g. for the daemon)"#
        let found = Self.problems(interval: #"{"every": "1m", "from": "sunrise-30m", "until": "2026-12-31T00:00:00Z"}"#,
                                  extra: "", schedule: #"{"at": "sunset"}"#)
        #expect(found.map(\.path) == ["capture.interval.from", "schedule.at"])
        #expect(found.map(\.message) == [#""sunrise-30m": \#(fix)"#, #""sunset": \#(fix)"#])
        // The environment's location is enough.
        #expect(throws: Never.self) {
            try Self.load(interval: #"{"every": "1m", "until": "sunset"}"#, extra: "",
                          environment: ["CAMSCHED_LOCATION": #"{"latitude": 52.52, "longitude": 13.40}"#])
        }
    }

    @Test(arguments: [
        (#"{"every": "1m", "from": "sunrise", "until": "sunset+25h"}"#, "capture.interval.until",
         #"the offset in "sunset+25h" is more than 12 hours; use an offset of at most 12h before or after the event"#),
        (#"{"every": "1m", "from": "sunrse", "until": "sunset"}"#, "capture.interval.from",
         #""sunrse" is not a sun event; did you mean "sunrise"?"#),
        (#"{"every": "1m", "from": "sunrise+half", "until": "sunset"}"#, "capture.interval.from",
         #""half" in "sunrise+half" is not a duration; use a number of seconds or units like "500ms", "10s", "5m", "1h30m", "2d""#),
        (#"{"every": "1m", "from": "2026-05-01T12:00:00Z", "until": "2026-05-01T11:00:00Z"}"#, "capture.interval.until",
         #""2026-05-01T11:00:00Z" is not after "from" ("2026-05-01T12:00:00Z"); no shot would be taken"#),
        (#"{"every": "1m", "from": 6, "count": 2}"#, "capture.interval.from",
         #"expected an RFC 3339 time or a sun event such as "sunset+30m", found 6"#),
        (#"{"every": "1m", "from": "sunrise"}"#, "capture.interval",
         #"needs one of "count", "duration" or "until"; without an end the interval would run forever"#),
    ])
    func badWindowsAreClearProblems(interval: String, path: String, message: String) {
        let found = Self.problems(interval: interval)
        #expect(found.map(\.path) == [path])
        #expect(found.map(\.message) == [message])
    }
}
