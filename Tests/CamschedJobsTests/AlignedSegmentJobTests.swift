import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

/// `record.segment` as `{"every", "align"}`, a recording without `duration`, and
/// `schedule.always`: what is read, the exact messages of what is refused, the clock's
/// boundaries across daylight-saving changes, and the plan.
@Suite struct AlignedSegmentJobTests: JobTextTesting {
    static let jobFile = "/tmp/j.json"

    @Test func theObjectFormIsReadAndTheStringFormIsUnchanged() throws {
        let job = try load("""
            {"name": "yard", "capture": {"record": {"segment": {"every": "1h", "align": true}, "codec": "copy"}},
             "schedule": {"always": true, "timezone": "Europe/Berlin"}}
            """)
        guard case .record(let record) = job.capture else { throw CocoaError(.featureUnsupported) }
        #expect(record.duration == nil && record.segment == .seconds(3600) && record.alignsSegments)
        #expect(job.schedule?.isAlways == true && job.schedule?.timeZone.identifier == "Europe/Berlin")
        let plain = try load(#"{"name": "p", "capture": {"record": {"duration": "1h", "segment": {"every": "10m"}}}}"#)
        #expect(plain.capture == .record(RecordSpec(duration: .seconds(3600), segment: .seconds(600))))
    }

    @Test func refusedWithWhatToDoInstead() {
        #expect(problems(#"{"name": "a", "capture": {"record": {"segment": {"every": "7m", "align": true}}}}"#) == """
            /tmp/j.json:1:59: capture.record.segment.every: "7m" does not divide a day, so aligned files could not begin at the same times every day; use a length that does, such as "10m", "15m", "30m", "1h", "2h", "6h" or "1d" (or "align": false)
            """)
        #expect(problems(#"{"name": "a", "capture": {"record": {"segment": {"every": "2d", "align": true}}}}"#).contains("\"2d\" does not divide a day"))
        #expect(problems(#"{"name": "a", "capture": {"record": {"segment": {"align": true}}}}"#).contains("capture.record.segment: missing required key \"every\""))
        #expect(problems(#"{"name": "a", "capture": {"record": {"segment": true}}}"#).contains("{\"every\": \"1h\", \"align\": true}"))
        #expect(problems(#"{"name": "a", "capture": {"record": {}}, "schedule": {"cron": "0 * * * *"}}"#) == """
            /tmp/j.json:1:37: capture.record: a recording without "duration" runs until stopped, so only its first fire would start it; give a "duration", or use "schedule": {"always": true} to record around the clock
            """)
        #expect(problems(#"{"name": "a", "capture": {"record": {"duration": "1h"}}, "schedule": {"always": true}}"#).contains(
            "schedule.always: the recording ends after capture.record.duration, and the daemon would start it again after each end"))
        #expect(problems(#"{"name": "a", "capture": {"interval": {"every": "1s", "count": 3}}, "schedule": {"always": true}}"#).contains(
            "\"interval\" ends, so give it a \"cron\" or \"at\""))
        #expect(problems(#"{"name": "a", "capture": {"trigger": {"external": true, "duration": "1h"}}, "schedule": {"always": true}}"#)
            .contains("the trigger job ends at its \"duration\" or \"until\""))
        #expect(problems(#"{"name": "a", "capture": {"record": {}}, "schedule": {"always": false}}"#).contains(
            "schedule.always: only true is allowed; for a job the daemon should not run, leave \"schedule\" out"))
        #expect(problems(#"{"name": "a", "capture": {"record": {}}, "schedule": {"always": true, "cron": "* * * * *"}}"#).contains(
            "use only one of \"cron\", \"at\" and \"always\""))
        #expect(problems(#"{"name": "a", "capture": {"record": {}}, "schedule": {"always": true, "missed": "once"}}"#).contains(
            "schedule.missed: \"missed\" is for fire times, and \"always\" has none"))
        #expect(problems(#"{"name": "a", "capture": {"trigger": {"external": true}}, "schedule": {"always": true}}"#) == "no problems")
    }

    @Test func boundariesFollowTheLocalClockAcrossDaylightSaving() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        func boundaries(from text: String, every: Int64, count: Int) -> [String] {
            var date = TestDates.date(text), out: [String] = []
            for _ in 0..<count {
                date = SegmentClock.boundary(after: date, lengthNanoseconds: every * 1_000_000_000, timeZone: berlin)
                out.append(TestDates.text(date))
            }
            return out
        }
        // 2026-03-29: 01:00 CET (00:00Z), then 03:00 CEST (01:00Z): every file an hour long.
        #expect(boundaries(from: "2026-03-28T23:30:00Z", every: 3600, count: 3)
            == ["2026-03-29T00:00:00Z", "2026-03-29T01:00:00Z", "2026-03-29T02:00:00Z"])
        // 2026-10-25: 02:00 CEST (00:00Z), 02:00 CET (01:00Z), 03:00 CET (02:00Z).
        #expect(boundaries(from: "2026-10-24T23:30:00Z", every: 3600, count: 3)
            == ["2026-10-25T00:00:00Z", "2026-10-25T01:00:00Z", "2026-10-25T02:00:00Z"])
        // Ten minutes on the local clock; a date on a boundary gives the next one.
        #expect(boundaries(from: "2026-06-01T10:00:00+02:00", every: 600, count: 2) == ["2026-06-01T08:10:00Z", "2026-06-01T08:20:00Z"])
        // A day: local midnight.
        #expect(boundaries(from: "2026-06-01T10:00:00+02:00", every: 86_400, count: 1) == ["2026-06-01T22:00:00Z"])
        #expect(SegmentClock.dividesADay(lengthNanoseconds: 20_000_000_000) && !SegmentClock.dividesADay(lengthNanoseconds: 420_000_000_000))
    }

    @Test func planCountsAlignedFilesFromTheFireAndNoEndWithoutDuration() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let aligned = RecordSpec(duration: .seconds(7200), segment: .seconds(3600))
        var spec = aligned
        spec.alignsSegments = true
        // 10:20 for 2 h: 10:20–11:00, 11:00–12:00, 12:00–12:20.
        #expect(spec.segmentCount(startingAt: TestDates.date("2026-06-01T10:20:00Z"), timeZone: utc) == 3)
        #expect(spec.segmentCount(startingAt: TestDates.date("2026-06-01T10:00:00Z"), timeZone: utc) == 2)
        #expect(aligned.segmentCount(startingAt: TestDates.date("2026-06-01T10:20:00Z"), timeZone: utc) == 2)
        let job = try load("""
            {"name": "yard", "capture": {"record": {"segment": {"every": "1h", "align": true}}}, "schedule": {"always": true}}
            """)
        let fires = SchedulePlanner().fires(of: job, from: TestDates.date("2026-06-01T10:20:00Z"), count: 5)
        #expect(fires.count == 1 && fires.first?.endsAt == nil && fires.first?.captures.first?.duration == nil)
    }
}
