import CamschedCore
import Foundation

/// A time of day relative to a sun event, as written in a job: `"sunrise"`, `"sunset+30m"`,
/// `"dawn-1h"`, `"astronomicalDusk+1h30m"` (SPEC section 9's event names, exactly; the offset
/// in the job files' duration syntax, at most ``maximumOffset`` either way).
package struct SunTime: Sendable, Equatable, CustomStringConvertible {
    package var event: SunEvent
    /// Added to the event's moment; negative for before it.
    package var offset: Duration

    /// An offset of more than half a day would put the time nearer another day's event.
    package static let maximumOffset: Duration = .seconds(12 * 3600)

    package init(event: SunEvent, offset: Duration = .zero) {
        self.event = event
        self.offset = offset
    }

    /// Reads `EVENT`, `EVENT+DURATION` or `EVENT-DURATION`.
    package init(parsing text: String) throws(SunTimeParseError) {
        let sign = text.firstIndex { $0 == "+" || $0 == "-" }
        let name = String(text[..<(sign ?? text.endIndex)])
        guard let event = SunEvent(rawValue: name) else {
            let names = SunEvent.allCases.map(\.rawValue)
            let hint = NameSuggester.suggestion(for: name, among: names)
                .map { "did you mean \"\($0)\"?" } ?? "use one of \(names.joined(separator: ", "))"
            throw SunTimeParseError("\"\(name)\" is not a sun event; \(hint)")
        }
        var offset = Duration.zero
        if let sign {
            let amount = String(text[text.index(after: sign)...])
            guard let parsed = DurationParser.parse(amount) else {
                throw SunTimeParseError("\"\(amount)\" in \"\(text)\" is not a duration; \(DurationParser.syntaxHint)")
            }
            guard parsed <= Self.maximumOffset else {
                throw SunTimeParseError("the offset in \"\(text)\" is more than 12 hours; "
                    + "use an offset of at most 12h before or after the event")
            }
            offset = text[sign] == "-" ? .zero - parsed : parsed
        }
        self.init(event: event, offset: offset)
    }

    /// The moment on a local date: the event's moment plus the offset, or nil when the sun
    /// does not reach the event's elevation that day (polar day or night).
    package func moment(year: Int, month: Int, day: Int, in timeZone: TimeZone, calculator: SolarCalculator) -> Date? {
        guard let eventMoment = calculator.time(of: event, year: year, month: month, day: day, in: timeZone) else {
            return nil
        }
        return eventMoment.addingTimeInterval(offset.secondsValue)
    }

    /// The moment on the local day `localDay` (days since 1970-01-01 in `timeZone`); nil on a
    /// day without the event.
    package func moment(localDay: Int, in timeZone: TimeZone, calculator: SolarCalculator) -> Date? {
        let civil = CivilTime.date(days: localDay)
        return moment(year: civil.year, month: civil.month, day: civil.day, in: timeZone, calculator: calculator)
    }

    /// The first moment strictly after `date` (what `schedule.at` fires on, as a cron
    /// expression's next fire): days without the event (polar day or night) are skipped; nil
    /// when none comes within ``searchDays`` days.
    package func nextMoment(after date: Date, in timeZone: TimeZone, calculator: SolarCalculator) -> Date? {
        // From the day before: a positive offset can bring the previous day's event past `date`.
        let today = SolarCalculator.localDay(of: date, in: timeZone)
        for localDay in (today - 1)...(today + Self.searchDays) {
            let civil = CivilTime.date(days: localDay)
            if let moment = moment(year: civil.year, month: civil.month, day: civil.day, in: timeZone,
                                   calculator: calculator), moment > date {
                return moment
            }
        }
        return nil
    }

    /// How far ``nextMoment(after:in:calculator:)`` looks: longer than the longest polar night.
    package static let searchDays = 370

    /// As written in a job: `sunset+30m`.
    package var description: String {
        if offset == .zero { return event.rawValue }
        let sign = offset < .zero ? "-" : "+"
        return event.rawValue + sign + (offset < .zero ? .zero - offset : offset).compactDescription
    }
}
