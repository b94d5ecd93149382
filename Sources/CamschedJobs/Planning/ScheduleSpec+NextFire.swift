import CamschedCore
import Foundation

extension ScheduleSpec {
    /// The first fire strictly after `date`: the cron expression's next time, or the next
    /// moment of the sun-relative time (days without the event skipped), in the schedule's
    /// time zone. Nil when there is none (a cron date that never comes, a sun time without a
    /// location or that does not occur within a year), and always for `always`, which the
    /// daemon starts by its runs' ends instead.
    package func nextFire(after date: Date, location: GeoLocation?) -> Date? {
        switch time {
        case .cron(let cron):
            return cron.nextFire(after: date, in: timeZone)
        case .sun(let sunTime):
            guard let location else { return nil }
            return sunTime.nextMoment(after: date, in: timeZone, calculator: SolarCalculator(location: location))
        case .always:
            return nil
        }
    }
}

extension Job {
    /// The job's next fire strictly after `date` (see ``ScheduleSpec/nextFire(after:location:)``);
    /// nil without a schedule.
    package func nextFire(after date: Date) -> Date? {
        schedule?.nextFire(after: date, location: location)
    }

    /// Whether the job has a sun-relative time anywhere (`schedule.at`, an interval's `from`
    /// or `until`): such a job needs a ``location``.
    package var usesSunTimes: Bool {
        if schedule?.at != nil { return true }
        if case .interval(let interval) = capture { return interval.usesSunTimes }
        return false
    }
}
