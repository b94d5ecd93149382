import Foundation

/// When `camsched daemon` runs a job (ignored by `camsched run`).
public struct ScheduleSpec: Sendable, Equatable {
    /// The cron expression.
    public var cron: CronExpression
    /// The time zone of the cron fields. Default: the system's.
    public var timeZone: TimeZone
    /// Default skip.
    public var missed: MissedFirePolicy

    /// Creates a schedule.
    public init(cron: CronExpression, timeZone: TimeZone = .current, missed: MissedFirePolicy = .skip) {
        self.cron = cron
        self.timeZone = timeZone
        self.missed = missed
    }
}
