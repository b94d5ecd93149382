import CamschedCore
import Foundation

/// One local day of a job with sun-relative times, resolved: when `schedule.at` fires that day
/// and the interval's window of that day — what `camsched plan` lists for the coming days.
package struct SunDay: Sendable, Equatable {
    /// Days since 1970-01-01 in the job's time zone.
    package var localDay: Int
    /// `yyyy-MM-dd`.
    package var date: String
    /// `schedule.at`'s moment that day, or why there is none; nil when the job has no `at`.
    package var fire: Result<Date, SunAbsence>?
    /// The interval's window of that day (a sun-relative `until` not after `from` is the next
    /// day's), or why there is none; nil when the interval has no sun-relative bound.
    package var window: IntervalWindow.Outcome?

    /// The `count` local days of `job` from the one `from` falls on, in the job's time zone;
    /// empty for a job without sun-relative times or without a location.
    package static func days(of job: Job, from: Date, count: Int) -> [SunDay] {
        guard job.usesSunTimes, let location = job.location, count > 0 else { return [] }
        let zone = job.timeZone
        let calculator = SolarCalculator(location: location)
        let first = SolarCalculator.localDay(of: from, in: zone)
        return (first..<(first + count)).map { localDay in
            let civil = CivilTime.date(days: localDay)
            var day = SunDay(localDay: localDay, date: String(format: "%04d-%02d-%02d", civil.year, civil.month, civil.day))
            if let at = job.schedule?.at {
                if let moment = at.moment(localDay: localDay, in: zone, calculator: calculator) {
                    day.fire = .success(moment)
                } else {
                    day.fire = .failure(SunAbsence(time: at, localDay: localDay, in: zone, calculator: calculator))
                }
            }
            if case .interval(let interval) = job.capture, interval.usesSunTimes {
                day.window = IntervalWindow.ofDay(localDay, interval, timeZone: zone, calculator: calculator)
            }
            return day
        }
    }

    init(localDay: Int, date: String) {
        self.localDay = localDay
        self.date = date
    }
}
