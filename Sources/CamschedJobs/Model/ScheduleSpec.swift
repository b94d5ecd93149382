import Foundation

/// When `camsched daemon` runs a job (ignored by `camsched run`).
package struct ScheduleSpec: Sendable, Equatable {
    /// A cron expression, a sun-relative time of day, or always.
    package var time: ScheduleTime
    /// The time zone of the cron fields and of the days a sun-relative time falls on.
    /// Default: the system's.
    package var timeZone: TimeZone
    /// Default skip.
    package var missed: MissedFirePolicy

    /// Creates a cron schedule.
    package init(cron: CronExpression, timeZone: TimeZone = .current, missed: MissedFirePolicy = .skip) {
        self.init(time: .cron(cron), timeZone: timeZone, missed: missed)
    }

    /// Creates a schedule.
    package init(time: ScheduleTime, timeZone: TimeZone = .current, missed: MissedFirePolicy = .skip) {
        self.time = time
        self.timeZone = timeZone
        self.missed = missed
    }

    /// The cron expression, when the schedule is one.
    package var cron: CronExpression? {
        if case .cron(let cron) = time { return cron }
        return nil
    }

    /// Whether the daemon keeps the job running (`schedule.always`) instead of firing it.
    package var isAlways: Bool { time == .always }

    /// The sun-relative time (`schedule.at`), when the schedule is one.
    package var at: SunTime? {
        if case .sun(let time) = time { return time }
        return nil
    }
}
