@testable import CamschedMedia
import Foundation
import Testing

/// EXIF's date, sub-second and offset strings, computed with glibc rather than a Calendar.
@Suite struct ExifDateStringsTests {
    @Test(arguments: [
        // Across midnight backwards, a negative offset.
        ("America/New_York", 1_714_523_400.25, "2024:04:30 20:30:00", "250", "-04:00"),
        // A half-hour offset, across midnight forwards.
        ("Asia/Kolkata", 1_714_590_000.999, "2024:05:02 00:30:00", "999", "+05:30"),
        ("UTC", 0.0, "1970:01:01 00:00:00", "000", "+00:00"),
        // A leap day, in winter time in Berlin.
        ("Europe/Berlin", 1_709_209_845.5, "2024:02:29 13:30:45", "500", "+01:00"),
    ])
    func datesAreTheWallClockOfTheZone(zone: String, seconds: Double, text: String, milliseconds: String, offset: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let strings = ExifWriter.dateStrings(Date(timeIntervalSince1970: seconds), in: timeZone)
        #expect(strings.0 == text)
        #expect(strings.1 == milliseconds)
        #expect(strings.2 == offset)
    }

    @Test func paddingMatchesPrintf() {
        #expect(ExifWriter.padded(7, 2) == "07")
        #expect(ExifWriter.padded(2024, 4) == "2024")
        #expect(ExifWriter.padded(12345, 4) == "12345")
        #expect(ExifWriter.padded(0, 3) == "000")
    }

    /// No time zone (a snapshot): glibc's local time, which is what `TimeZone.current` says
    /// too — across a year, so a daylight-saving change of the machine's zone is in it.
    @Test func noTimeZoneIsTheSystemsLocalTime() {
        for day in stride(from: 0, to: 366, by: 15) {
            let date = Date(timeIntervalSince1970: 1_704_067_200.125 + Double(day) * 86_400)
            let glibc = ExifWriter.dateStrings(date, in: nil)
            #expect(glibc == ExifWriter.dateStrings(date, in: TimeZone.current), "day \(day)")
            #expect(ExifWriter.localOffset(at: time_t(date.timeIntervalSince1970)) == TimeZone.current.secondsFromGMT(for: date))
        }
    }
}
