import Foundation

/// Fixed dates for tests, written in RFC 3339.
enum TestDates {
    /// Parses `2026-03-29T01:00:00Z` or with an offset; traps on a typo (tests only).
    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { fatalError("bad test date \(text)") }
        return date
    }

    /// RFC 3339 UTC text of a date, for readable failures.
    static func text(_ date: Date?) -> String {
        guard let date else { return "nil" }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
        return zone
    }
}
