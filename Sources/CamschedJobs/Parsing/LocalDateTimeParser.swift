import Foundation

/// Parses a time a person types on a command line (`camsched run --at`): an RFC 3339 instant
/// (``RFC3339DateParser``), or a local date and time without an offset —
/// `2027-06-21T04:00`, `2027-06-21T04:00:30`, `2027-06-21 04:00` — read in a given time zone
/// (the job's). A local time that the zone skips (the hour a daylight-saving change jumps over)
/// is refused rather than moved.
package enum LocalDateTimeParser {
    /// The hint that follows an invalid time in messages.
    package static let syntaxHint =
        "write it like 2027-06-21T04:00 (in the job's time zone) or 2027-06-21T04:00:00+01:00 (a real date, hours 00-23)"

    /// The instant `text` names, or nil when it is neither form or does not exist in `timeZone`.
    package static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        if let instant = RFC3339DateParser.parse(text) { return instant }
        let bytes = Array(text.utf8)
        guard bytes.count == 16 || bytes.count == 19, [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10])
        else { return nil }
        // The same fields as UTC through the strict parser: checks the calendar and the ranges.
        let seconds = bytes.count == 16 ? ":00" : ""
        let asUTC = String(decoding: bytes[0..<10], as: UTF8.self) + "T" + String(decoding: bytes[11...], as: UTF8.self) + seconds + "Z"
        guard let utc = RFC3339DateParser.parse(asUTC) else { return nil }
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = TimeZone(identifier: "UTC") ?? timeZone
        let fields = gregorian.dateComponents([.year, .month, .day, .hour, .minute, .second], from: utc)
        gregorian.timeZone = timeZone
        guard let local = gregorian.date(from: fields) else { return nil }
        // A time the zone skips comes back as another wall time: refused.
        let back = gregorian.dateComponents([.year, .month, .day, .hour, .minute, .second], from: local)
        return back == fields ? local : nil
    }
}
