import CamschedCore
import Foundation

/// The span of one run of an interval with `from` and `until`, resolved to instants: the shots
/// of the run are those between the two (`from` inclusive, `until` exclusive).
///
/// A fixed bound (RFC 3339) is that instant. A sun-relative bound (`sunrise-30m`) is taken on a
/// local day in the job's time zone; an `until` at or before that day's `from` is taken on the
/// next day, so `"from": "sunset", "until": "sunrise"` spans the night. Which day a run takes is
/// ``resolve(_:at:timeZone:location:)``'s business.
package struct IntervalWindow: Sendable, Equatable {
    /// When the first shot may be taken; nil: as soon as the run starts.
    package var opens: Date?
    /// When the shots end (exclusive); nil: the interval's `count` or `duration` ends them.
    package var closes: Date?

    package init(opens: Date?, closes: Date?) {
        self.opens = opens
        self.closes = closes
    }

    /// A day's window, or why that day has none.
    package enum Outcome: Sendable, Equatable {
        case window(IntervalWindow)
        /// A sun-relative bound does not occur that day (polar day or night).
        case absent(SunAbsence)
    }

    /// The window a run started at `now` takes: the window of the run's local day when it has
    /// not ended yet (a run inside it starts at once, one before it waits for it), else the next
    /// day's; a night window that opened the day before and is still open counts as today's.
    /// When the day it takes has no window (the sun does not reach a bound's event),
    /// ``Outcome/absent(_:)`` says so. With fixed bounds only, the window is simply theirs; a
    /// fixed `from` later than `now` makes its day the run's day.
    /// - Parameter location: needed when a bound is sun-relative (`validate` makes sure of it);
    ///   without one such a window is empty.
    package static func resolve(_ spec: IntervalSpec, at now: Date, timeZone: TimeZone,
                               location: GeoLocation?) -> Outcome {
        guard spec.usesSunTimes else {
            return .window(IntervalWindow(opens: spec.from?.date, closes: spec.until?.date))
        }
        guard let location else { return .window(IntervalWindow(opens: nil, closes: now)) }
        let calculator = SolarCalculator(location: location)
        let reference = max(now, spec.from?.date ?? now)
        let today = SolarCalculator.localDay(of: reference, in: timeZone)
        for day in (today - 1)...(today + 1) {
            switch ofDay(day, spec, timeZone: timeZone, calculator: calculator) {
            case .absent(let absence):
                if day >= today { return .absent(absence) }
            case .window(let window):
                // Yesterday's window only when it is a night window (a sun `until` after
                // midnight) still open; a fixed or absent `until` would make every past day's
                // window contain now.
                if day < today, spec.until?.sunTime == nil { continue }
                if let closes = window.closes, closes <= reference { continue }
                if let opens = window.opens, let closes = window.closes, closes <= opens { continue }
                return .window(window)
            }
        }
        return .window(IntervalWindow(opens: nil, closes: now))
    }

    /// The window of the local day `localDay` (days since 1970-01-01 in `timeZone`).
    package static func ofDay(_ localDay: Int, _ spec: IntervalSpec, timeZone: TimeZone,
                             calculator: SolarCalculator) -> Outcome {
        var opens: Date?
        switch spec.from {
        case nil: opens = nil
        case .time(let date)?: opens = date
        case .sun(let time)?:
            guard let moment = time.moment(localDay: localDay, in: timeZone, calculator: calculator) else {
                return .absent(SunAbsence(time: time, localDay: localDay, in: timeZone, calculator: calculator))
            }
            opens = moment
        }
        var closes: Date?
        switch spec.until {
        case nil: closes = nil
        case .time(let date)?: closes = date
        case .sun(let time)?:
            var day = localDay
            var moment = time.moment(localDay: day, in: timeZone, calculator: calculator)
            if let found = moment, let opens, found <= opens {
                day += 1
                moment = time.moment(localDay: day, in: timeZone, calculator: calculator)
            }
            guard let moment else {
                return .absent(SunAbsence(time: time, localDay: day, in: timeZone, calculator: calculator))
            }
            closes = moment
        }
        return .window(IntervalWindow(opens: opens, closes: closes))
    }
}
