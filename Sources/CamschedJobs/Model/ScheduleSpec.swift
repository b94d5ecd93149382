import Foundation

/// When `camsched daemon` runs a job (ignored by `camsched run`).
public struct ScheduleSpec: Sendable, Equatable {
    /// A cron expression, a sun-relative time of day, or always.
    public var time: ScheduleTime
    /// The time zone of the cron fields and of the days a sun-relative time falls on.
    /// Default: the system's.
    public var timeZone: TimeZone
    /// Default skip.
    public var missed: MissedFirePolicy

    /// Creates a cron schedule.
    public init(cron: CronExpression, timeZone: TimeZone = .current, missed: MissedFirePolicy = .skip) {
        self.init(time: .cron(cron), timeZone: timeZone, missed: missed)
    }

    /// Creates a schedule.
    public init(time: ScheduleTime, timeZone: TimeZone = .current, missed: MissedFirePolicy = .skip) {
        self.time = time
        self.timeZone = timeZone
        self.missed = missed
    }

    /// The cron expression, when the schedule is one.
    public var cron: CronExpression? {
        if case .cron(let cron) = time { return cron }
        return nil
    }

    /// Whether the daemon keeps the job running (`schedule.always`) instead of firing it.
    public var isAlways: Bool { time == .always }

    /// The sun-relative time (`schedule.at`), when the schedule is one.
    public var at: SunTime? {
        if case .sun(let time) = time { return time }
        return nil
    }
}
