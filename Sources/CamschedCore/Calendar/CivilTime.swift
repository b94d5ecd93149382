/// Calendar arithmetic on the proleptic Gregorian calendar without `Calendar`, `Locale` or time
/// zones: days since 1970-01-01 ⇄ year/month/day (Howard Hinnant's algorithms).
///
/// Wall-clock times are handled as "wall seconds": the seconds since 1970-01-01 00:00 that the
/// wall clock shows, i.e. an instant plus its UTC offset.
package enum CivilTime {
    /// Days since 1970-01-01 of a date.
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a number of days since 1970-01-01.
    package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 = Sunday … 6 = Saturday.
    package static func weekday(days: Int) -> Int {
        let w = (days + 4) % 7  // 1970-01-01 was a Thursday
        return w < 0 ? w + 7 : w
    }

    package static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Floor division, for negative wall seconds.
    package static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// Splits wall seconds into date and time of day.
    package static func components(wallSeconds: Int64)
        -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, dayOfYear: Int) {
        let days = floorDiv(wallSeconds, 86_400)
        let secondOfDay = Int(wallSeconds - days * 86_400)
        let (year, month, day) = date(days: Int(days))
        let dayOfYear = Int(days) - self.days(year: year, month: 1, day: 1) + 1
        return (year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60, dayOfYear)
    }
}
