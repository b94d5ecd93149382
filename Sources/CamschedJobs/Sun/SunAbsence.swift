import CamschedCore
import Foundation

/// A local date on which a sun-relative time does not occur: the sun does not reach the
/// event's elevation that day (polar day or polar night). `description` says so for people:
/// `no sunrise on 2026-06-21 (the sun stays up all day)`.
package struct SunAbsence: Error, Sendable, Equatable, CustomStringConvertible {
    /// The time that has no moment that day.
    package var time: SunTime
    /// The local date, `yyyy-MM-dd`.
    package var date: String
    /// True when the sun stays above the event's elevation all day, false when below.
    package var sunStaysAbove: Bool

    package init(time: SunTime, date: String, sunStaysAbove: Bool) {
        self.time = time
        self.date = date
        self.sunStaysAbove = sunStaysAbove
    }

    /// The absence of `time` on the local day `localDay` (days since 1970-01-01).
    init(time: SunTime, localDay: Int, in timeZone: TimeZone, calculator: SolarCalculator) {
        let civil = CivilTime.date(days: localDay)
        let above = calculator.sunStaysAbove(time.event, year: civil.year, month: civil.month, day: civil.day,
                                             in: timeZone)
        self.init(time: time, date: String(format: "%04d-%02d-%02d", civil.year, civil.month, civil.day),
                  sunStaysAbove: above)
    }

    package var description: String {
        "no \(time.event.rawValue) on \(date) (\(reason))"
    }

    /// What the sun does instead, in words.
    package var reason: String {
        let degrees: Int
        switch time.event {
        case .sunrise, .sunset:
            return sunStaysAbove ? "the sun stays up all day" : "the sun stays below the horizon all day"
        case .dawn, .dusk: degrees = 6
        case .nauticalDawn, .nauticalDusk: degrees = 12
        case .astronomicalDawn, .astronomicalDusk: degrees = 18
        }
        return sunStaysAbove
            ? "the sun stays less than \(degrees)° below the horizon all night"
            : "the sun stays more than \(degrees)° below the horizon all day"
    }
}
