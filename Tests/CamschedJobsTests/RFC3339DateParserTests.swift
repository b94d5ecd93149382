import Foundation
import Testing
@testable import CamschedJobs

@Suite("RFC 3339 times")
struct RFC3339DateParserTests {
    @Test(arguments: [
        ("2026-06-21T16:30:00Z", 1_782_059_400.0),
        ("2026-06-21t16:30:00z", 1_782_059_400.0),
        ("2026-06-21T18:30:00+02:00", 1_782_059_400.0),
        ("2026-06-21T12:00:00-04:30", 1_782_059_400.0),
        ("2026-06-21T16:30:00.25Z", 1_782_059_400.25),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
        ("2000-02-29T23:59:59+23:59", 951_868_799.0 - 86_340),
        ("1970-01-01T00:00:00Z", 0.0),
    ])
    func acceptsRealDates(text: String, seconds: Double) throws {
        let date = try #require(RFC3339DateParser.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: [
        "2026-02-29T10:00:00Z", "2100-02-29T10:00:00Z", "2026-04-31T10:00:00Z", "2026-13-01T10:00:00Z",
        "2026-00-10T10:00:00Z", "2026-06-00T10:00:00Z", "2026-06-21T24:00:00Z", "2026-06-21T23:60:00Z",
        "2026-06-21T23:59:60Z", "2026-06-21T10:00:00+25:00", "2026-06-21T10:00:00+24:00",
        "2026-06-21T10:00:00+01:60", "2026-06-21T10:00:00", "2026-06-21 10:00:00Z", "2026-06-21T10:00Z",
        "2026-06-21T10:00:00.Z", "2026-06-21T10:00:00+0200", "+2026-06-21T10:00:00Z", "2026-6-21T10:00:00Z",
        "2026-06-21T10:00:00Zjunk", "", "tomorrow", "２０２６-06-21T10:00:00Z",
    ])
    func refusesWhatIsNotACalendarTime(text: String) {
        #expect(RFC3339DateParser.parse(text) == nil)
    }

    @Test func untilUsesTheStrictParser() {
        let json = #"{"name": "u", "capture": {"interval": {"every": "1s", "until": "2026-02-29T10:00:00Z"}}}"#
        #expect(throws: JobFileError.self) { try JobLoader.load(data: Data(json.utf8), sourceURL: nil) }
        let lower = #"{"name": "u", "capture": {"interval": {"every": "1s", "until": "2026-03-01t10:00:00z"}}}"#
        #expect(throws: Never.self) { try JobLoader.load(data: Data(lower.utf8), sourceURL: nil) }
    }
}
