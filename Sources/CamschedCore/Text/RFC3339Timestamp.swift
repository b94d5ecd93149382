import Foundation
import Glibc

/// The one RFC 3339 codec: timestamps in UTC with milliseconds (`2026-11-22T10:00:00.123Z`), as
/// the sidecars, the catalog, the documents (``JSONDocument``) and the logs write them, read
/// in any offset and with or without fractional seconds (a `test:` day scene's `start`, `run --at`).
package enum RFC3339Timestamp {
    /// Formats a date as `YYYY-MM-DDTHH:MM:SS.mmmZ`, rounded to the nearest millisecond.
    package static func string(from date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let wholeSeconds = (milliseconds / 1000).rounded(.down)
        let fraction = Int(milliseconds - wholeSeconds * 1000)
        var time = time_t(wholeSeconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return RFC3339Timestamp.padded(Int(parts.tm_year) + 1900, width: 4) + "-"
            + RFC3339Timestamp.padded(Int(parts.tm_mon) + 1, width: 2) + "-"
            + RFC3339Timestamp.padded(Int(parts.tm_mday), width: 2) + "T"
            + RFC3339Timestamp.padded(Int(parts.tm_hour), width: 2) + ":"
            + RFC3339Timestamp.padded(Int(parts.tm_min), width: 2) + ":"
            + RFC3339Timestamp.padded(Int(parts.tm_sec), width: 2) + "."
            + RFC3339Timestamp.padded(fraction, width: 3) + "Z"
    }

    /// Parses an RFC 3339 timestamp with or without fractional seconds, in any offset;
    /// `nil` if it is not one. The result is rounded to the millisecond, so that
    /// `string(from: date(from: text))` gives back the same instant.
    package static func date(from text: String) -> Date? {
        let parsed = (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
        guard let parsed else { return nil }
        return Date(timeIntervalSince1970: (parsed.timeIntervalSince1970 * 1000).rounded() / 1000)
    }
}

extension RFC3339Timestamp {
    static func padded(_ number: Int, width: Int) -> String { PaddedNumber.text(number, width: width) }
}
