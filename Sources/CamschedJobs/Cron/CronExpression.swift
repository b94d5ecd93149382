import CamschedCore
import Foundation

/// A five-field cron expression (minute hour day-of-month month day-of-week) with classic
/// (Vixie) cron semantics, and the computation of its next fire time in a time zone.
///
/// Syntax: `*`, numbers, lists (`1,15`), ranges (`1-5`), steps (`*/15`, `1-30/5`, `5/10` =
/// `5-max/10`), month and weekday names (`JAN`…`DEC`, `SUN`…`SAT`, any case), 0 or 7 for
/// Sunday (so `FRI-SUN` works), and the macros `@hourly @daily @midnight @weekly @monthly @yearly @annually`.
///
/// When both day-of-month and day-of-week are restricted (neither field starts with `*`), a day
/// matches if *either* matches, as in Vixie cron: `0 0 13 * FRI` fires on every 13th and every
/// Friday.
///
/// Daylight-saving changes (see ``nextFire(after:in:)``) split entries in two, as cronie does
/// (its `MIN_STAR | HR_STAR` test): a *wildcard entry* is one whose minute **or** hour field
/// starts with `*` (`*/15 2 * * *`, `30 * * * *`, `@hourly`); every other entry is a
/// *fixed-time entry* (`30 2 * * *`). Fixed-time entries fire once per matching wall time: a
/// wall time skipped by a spring-forward change fires at the first instant after the gap, and
/// a wall time that occurs twice on fall-back day fires at its first occurrence only.
/// Wildcard entries follow the clock as it runs: skipped wall times do not fire, repeated
/// ones fire twice.
package struct CronExpression: Sendable, Equatable, CustomStringConvertible {
    /// The expression as written.
    package let source: String
    private let minutes: UInt64
    private let hours: UInt64
    private let daysOfMonth: UInt64
    private let months: UInt64
    private let daysOfWeek: UInt64
    private let dayOfMonthRestricted: Bool
    private let dayOfWeekRestricted: Bool
    /// The minute or the hour field starts with `*` (cronie's `MIN_STAR | HR_STAR`): across
    /// daylight-saving changes the entry runs by the clock, not at fixed wall times.
    private let isWildcardEntry: Bool

    /// Years searched ahead before ``nextFire(after:in:)`` gives up (e.g. `0 0 30 2 *`).
    package static let searchYears = 30

    /// Parses an expression.
    /// - Throws: `CronParseError` naming the field and what is wrong with it.
    package init(parsing text: String) throws(CronParseError) {
        source = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var expanded = trimmed
        if trimmed.hasPrefix("@") {
            let macros = [
                "@hourly": "0 * * * *", "@daily": "0 0 * * *", "@midnight": "0 0 * * *",
                "@weekly": "0 0 * * 0", "@monthly": "0 0 1 * *", "@yearly": "0 0 1 1 *",
                "@annually": "0 0 1 1 *",
            ]
            guard let macro = macros[trimmed.lowercased()] else {
                let known = "@hourly, @daily, @midnight, @weekly, @monthly, @yearly, @annually"
                throw CronParseError(field: nil, text: "", reason: "unknown macro \"\(trimmed)\"; use one of \(known)")
            }
            expanded = macro
        }
        let fields = expanded.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard fields.count == 5 else {
            throw CronParseError(
                field: nil, text: "",
                reason: "expected 5 fields (minute hour day-of-month month day-of-week), found \(fields.count)")
        }
        minutes = try CronExpression.parseField(fields[0], .minute)
        hours = try CronExpression.parseField(fields[1], .hour)
        daysOfMonth = try CronExpression.parseField(fields[2], .dayOfMonth)
        months = try CronExpression.parseField(fields[3], .month)
        daysOfWeek = try CronExpression.parseField(fields[4], .dayOfWeek)
        isWildcardEntry = fields[0].hasPrefix("*") || fields[1].hasPrefix("*")
        dayOfMonthRestricted = !fields[2].hasPrefix("*")
        dayOfWeekRestricted = !fields[4].hasPrefix("*")
    }

    package var description: String { source }

    package static func == (a: CronExpression, b: CronExpression) -> Bool {
        a.minutes == b.minutes && a.hours == b.hours && a.daysOfMonth == b.daysOfMonth
            && a.months == b.months && a.daysOfWeek == b.daysOfWeek
            && a.dayOfMonthRestricted == b.dayOfMonthRestricted
            && a.dayOfWeekRestricted == b.dayOfWeekRestricted && a.isWildcardEntry == b.isWildcardEntry
    }

    // MARK: Parsing

    private static func parseField(_ text: String, _ field: CronField) throws(CronParseError) -> UInt64 {
        func failure(_ reason: String) -> CronParseError {
            CronParseError(field: field, text: text, reason: reason)
        }
        var mask: UInt64 = 0
        let bounds = field.bounds
        let upper = field == .dayOfWeek ? 6 : bounds.upperBound
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard !item.isEmpty else { throw failure("empty item in list") }
            let parts = item.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { throw failure("more than one \"/\" in \"\(item)\"") }
            var step = 1
            if parts.count == 2 {
                guard let value = Int(parts[1]), parts[1].allSatisfy(\.isASCII) else {
                    throw failure("step \"\(parts[1])\" is not a number")
                }
                guard value >= 1 else { throw failure("step must be at least 1") }
                guard value <= bounds.upperBound else {
                    throw failure("step \(value) is larger than the field's range \(bounds.lowerBound)-\(bounds.upperBound)")
                }
                step = value
            }
            let base = parts[0]
            var low: Int
            var high: Int
            if base == "*" {
                (low, high) = (bounds.lowerBound, upper)
            } else if let dash = base.firstIndex(of: "-") {
                low = try value(base[..<dash], field, text)
                high = try value(base[base.index(after: dash)...], field, text)
                // `FRI-SUN`: Sunday as the end of a weekday range is day 7.
                if field == .dayOfWeek && high == 0 && low > 0 { high = 7 }
                guard low <= high else {
                    throw failure("range \(base) runs backwards; write the smaller value first")
                }
            } else {
                low = try value(base, field, text)
                // `5/10` means `5-max/10`, as cronie reads it.
                high = parts.count == 2 ? upper : low
            }
            for v in stride(from: low, through: high, by: step) {
                let bit = field == .dayOfWeek && v == 7 ? 0 : v
                mask |= 1 << UInt64(bit)
            }
        }
        return mask
    }

    private static func value(_ text: Substring, _ field: CronField, _ fieldText: String) throws(CronParseError) -> Int {
        func failure(_ reason: String) -> CronParseError {
            CronParseError(field: field, text: fieldText, reason: reason)
        }
        guard !text.isEmpty else { throw failure("missing value in range") }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let number = Int(text), field.bounds.contains(number) else {
                throw failure("\(text) is out of range \(field.bounds.lowerBound)-\(field.bounds.upperBound)")
            }
            return number
        }
        if let named = field.names[text.uppercased()] { return named }
        switch field {
        case .month: throw failure("\"\(text)\" is not a month number (1-12) or name (JAN-DEC)")
        case .dayOfWeek: throw failure("\"\(text)\" is not a weekday number (0-7, 0 and 7 = Sunday) or name (SUN-SAT)")
        default: throw failure("\"\(text)\" is not a number")
        }
    }

    // MARK: Matching

    private static func has(_ mask: UInt64, _ bit: Int) -> Bool { mask & (1 << UInt64(bit)) != 0 }

    /// The lowest set bit at or above `from`, if any.
    private static func next(_ mask: UInt64, from: Int) -> Int? {
        guard from < 64 else { return nil }
        let remaining = mask & ~((UInt64(1) << UInt64(from)) &- 1)
        return remaining == 0 ? nil : remaining.trailingZeroBitCount
    }

    private func dayMatches(year: Int, month: Int, day: Int) -> Bool {
        let dom = CronExpression.has(daysOfMonth, day)
        let dow = CronExpression.has(daysOfWeek, CivilTime.weekday(days: CivilTime.days(year: year, month: month, day: day)))
        return dayOfMonthRestricted && dayOfWeekRestricted ? dom || dow : dom && dow
    }

    /// Whether the wall-clock minute of `date` in `timeZone` matches the expression (ignoring
    /// the daylight-saving rules of ``nextFire(after:in:)``).
    package func matches(_ date: Date, in timeZone: TimeZone) -> Bool {
        let instant = Int64(date.timeIntervalSince1970.rounded(.down))
        let wall = instant + Int64(timeZone.secondsFromGMT(for: date))
        let c = CivilTime.components(wallSeconds: wall)
        return CronExpression.has(months, c.month) && dayMatches(year: c.year, month: c.month, day: c.day)
            && CronExpression.has(hours, c.hour) && CronExpression.has(minutes, c.minute)
    }

    /// The first matching wall-clock minute at or after `wall` (wall seconds), searching the
    /// calendar field by field, or `nil` past `lastYear`.
    private func nextMatchingWall(atOrAfter wall: Int64, lastYear: Int) -> Int64? {
        let start = CivilTime.components(wallSeconds: CivilTime.floorDiv(wall + 59, 60) * 60)
        var (year, month, day, hour, minute) = (start.year, start.month, start.day, start.hour, start.minute)
        while year <= lastYear {
            guard CronExpression.has(months, month) else {
                if let nextMonth = CronExpression.next(months, from: month + 1), nextMonth <= 12 {
                    month = nextMonth
                } else {
                    year += 1
                    month = CronExpression.next(months, from: 1) ?? 1
                }
                (day, hour, minute) = (1, 0, 0)
                continue
            }
            guard day <= CivilTime.daysInMonth(year: year, month: month) else {
                month += 1
                if month > 12 { (year, month) = (year + 1, 1) }
                (day, hour, minute) = (1, 0, 0)
                continue
            }
            guard dayMatches(year: year, month: month, day: day) else {
                (day, hour, minute) = (day + 1, 0, 0)
                continue
            }
            if !CronExpression.has(hours, hour) {
                guard let nextHour = CronExpression.next(hours, from: hour + 1), nextHour <= 23 else {
                    (day, hour, minute) = (day + 1, 0, 0)
                    continue
                }
                (hour, minute) = (nextHour, 0)
            }
            if !CronExpression.has(minutes, minute) {
                guard let nextMinute = CronExpression.next(minutes, from: minute + 1), nextMinute <= 59 else {
                    (hour, minute) = (hour + 1, 0)
                    if hour == 24 { (day, hour) = (day + 1, 0) }
                    continue
                }
                minute = nextMinute
            }
            let days = Int64(CivilTime.days(year: year, month: month, day: day))
            return days * 86_400 + Int64(hour * 3600 + minute * 60)
        }
        return nil
    }

    // MARK: Next fire

    /// The first fire time strictly after `date`, in `timeZone`, or `nil` if there is none in
    /// the next ``searchYears`` years (e.g. `0 0 30 2 *`).
    ///
    /// Across daylight-saving changes (wildcard entry: the minute or hour field starts with `*`):
    /// - a matching wall time that does not exist (spring forward) fires once at the first
    ///   instant after the gap for a fixed-time entry (e.g. `30 2 * * *` in Europe/Berlin on
    ///   2026-03-29 fires at 03:00 CEST), and not at all for a wildcard entry (`*/15 2 * * *`
    ///   does not fire that day);
    /// - a matching wall time that occurs twice (fall back) fires at its first occurrence only
    ///   for a fixed-time entry, and at both for a wildcard entry (`*/15 2 * * *` fires eight
    ///   times on 2026-10-25).
    package func nextFire(after date: Date, in timeZone: TimeZone) -> Date? {
        let after = date.timeIntervalSince1970
        guard after.isFinite, abs(after) < 1e12 else { return nil }
        let afterSecond = Int64(after.rounded(.down))
        let offsetNow = offset(afterSecond, timeZone)
        let wallNow = afterSecond + offsetNow
        // When the clocks go back within the next hours, wall times before "now" recur later.
        let offsetSoon = offset(afterSecond + 6 * 3600, timeZone)
        var wall = wallNow - max(0, offsetNow - offsetSoon)
        let lastYear = CivilTime.components(wallSeconds: wallNow).year + CronExpression.searchYears
        var best: Int64?
        while let match = nextMatchingWall(atOrAfter: wall, lastYear: lastYear) {
            let before = offset(match - 86_400, timeZone)
            let later = offset(match + 86_400, timeZone)
            // No instant of this or any later wall time can come before the best found so far.
            if let best, match - max(before, later) > best { break }
            for instant in fireInstants(wall: match, offsets: (before, later), timeZone)
            where Double(instant) > after {
                if best.map({ instant < $0 }) ?? true { best = instant }
                break
            }
            wall = match + 60
        }
        return best.map { Date(timeIntervalSince1970: Double($0)) }
    }

    private func offset(_ instant: Int64, _ timeZone: TimeZone) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))))
    }

    /// The instants, in order, at which the wall time `wall` fires (see ``nextFire(after:in:)``).
    private func fireInstants(wall: Int64, offsets: (Int64, Int64), _ timeZone: TimeZone) -> [Int64] {
        var instants: [Int64] = []
        for candidateOffset in [offsets.0, offsets.1] {
            let instant = wall - candidateOffset
            if offset(instant, timeZone) == candidateOffset, !instants.contains(instant) {
                instants.append(instant)
            }
        }
        instants.sort()
        if instants.isEmpty {
            // The wall time falls in a gap: find the first instant after it by bisection.
            guard !isWildcardEntry else { return [] }
            var low = wall - max(offsets.0, offsets.1)
            var high = wall - min(offsets.0, offsets.1)
            let lowOffset = offset(low, timeZone)
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if offset(middle, timeZone) == lowOffset { low = middle } else { high = middle }
            }
            return [high]
        }
        return isWildcardEntry ? instants : [instants[0]]
    }
}
