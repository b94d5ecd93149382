import CamschedJobs
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

    /// The next `count` fires of `expression` in `zone` after `start`, as RFC 3339 UTC text.
    static func fires(_ expression: String, zone: String, after start: String, count: Int) throws -> [String] {
        let cron = try CronExpression(parsing: expression)
        var result: [String] = []
        var after = date(start)
        for _ in 0..<count {
            guard let next = cron.nextFire(after: after, in: self.zone(zone)) else { break }
            result.append(text(next))
            after = next
        }
        return result
    }
}
