import Foundation

/// Where clock-aligned segments (`"segment": {"every": "1h", "align": true}`) begin: on the
/// wall-clock multiples of a length that divides a day, counted from local midnight in the
/// job's time zone — so hourly files begin on the hour, ten-minute files at :00, :10, :20….
///
/// Each boundary is found from the wall clock in force just before it, so a daylight-saving
/// change keeps the files their length: on 2026-03-29 in Berlin the hourly file of 01:00 CET
/// is followed by the one of 03:00 CEST, an hour later; on 2026-10-25 the 02:00 CEST one by
/// the 02:00 CET one.
package enum SegmentClock {
    private static let day: Int64 = 86_400_000_000_000

    /// Whether `lengthNanoseconds` divides a day into whole segments (the condition for
    /// aligning them to the clock): `1h`, `30m`, `10m`, `20s` do, `7m` and `25h` do not.
    package static func dividesADay(lengthNanoseconds: Int64) -> Bool {
        lengthNanoseconds > 0 && lengthNanoseconds <= day && day % lengthNanoseconds == 0
    }

    /// The first boundary strictly after `date` (a date less than a microsecond before a
    /// boundary counts as on it, so the next one is returned).
    package static func boundary(after date: Date, lengthNanoseconds: Int64, timeZone: TimeZone) -> Date {
        let period = Double(lengthNanoseconds) / 1e9
        guard period > 0, date.timeIntervalSince1970.isFinite else { return date }
        let wall = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        var remainder = wall.truncatingRemainder(dividingBy: period)
        if remainder < 0 { remainder += period }
        var step = period - remainder
        if step < 1e-6 { step += period }
        return date.addingTimeInterval(step)
    }
}
