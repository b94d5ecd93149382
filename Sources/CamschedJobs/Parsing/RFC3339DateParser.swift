import CamschedCore
import Foundation

/// Parses RFC 3339 date-times (`2026-06-21T18:30:00+02:00`, `2026-06-21t16:30:00.5z`) strictly:
/// the date must exist in the Gregorian calendar, the time is 00:00:00…23:59:59, and the offset
/// is `Z` or ±00:00…±23:59. `T` and `Z` may be lower-case, as RFC 3339 §5.6 allows.
///
/// Foundation's `ISO8601DateFormatter` rolls `2026-02-29` over to March 1 and accepts `24:00`
/// and `+25:00`; `validate`, `run` and `plan --from` use this parser instead so that they all
/// agree. Leap seconds (`:60`) are refused: `Date` cannot represent them.
package enum RFC3339DateParser {
    /// The hint that follows an invalid time in messages.
    package static let syntaxHint =
        "write it like \"2026-06-21T18:30:00+02:00\" or \"2026-06-21T16:30:00Z\" (a real date, hours 00-23, offsets up to ±23:59)"

    /// Parses one date-time.
    /// - Returns: the instant, or `nil` when the text is not a valid RFC 3339 date-time.
    package static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 64 else { return nil }
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.expect("-"),
              let month = reader.digits(2), reader.expect("-"),
              let day = reader.digits(2), reader.expect("T", or: "t"),
              let hour = reader.digits(2), reader.expect(":"),
              let minute = reader.digits(2), reader.expect(":"),
              let second = reader.digits(2) else { return nil }
        guard (1...12).contains(month), (1...CivilTime.daysInMonth(year: year, month: month)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        var nanoseconds = 0
        if reader.expect(".") {
            guard let fraction = reader.fraction() else { return nil }
            nanoseconds = fraction
        }
        guard let offset = reader.offset(), reader.atEnd else { return nil }
        let days = CivilTime.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    /// A cursor over the ASCII bytes of the text.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func expect(_ character: Character, or other: Character? = nil) -> Bool {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            guard byte == character.asciiValue || (other != nil && byte == other?.asciiValue) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` decimal digits as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }

        /// One or more digits after the decimal point, as nanoseconds (digits past the ninth
        /// are ignored).
        mutating func fraction() -> Int? {
            var nanoseconds = 0
            var count = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                if count < 9 { nanoseconds = nanoseconds * 10 + Int(bytes[index] - 0x30) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 9) { nanoseconds *= 10 }
            return nanoseconds
        }

        /// `Z`/`z` or `±HH:MM`, as seconds east of UTC.
        mutating func offset() -> Int? {
            if expect("Z", or: "z") { return 0 }
            let sign: Int
            if expect("+") { sign = 1 } else if expect("-") { sign = -1 } else { return nil }
            guard let hours = digits(2), expect(":"), let minutes = digits(2),
                  (0...23).contains(hours), (0...59).contains(minutes) else { return nil }
            return sign * (hours * 3_600 + minutes * 60)
        }
    }
}
