import Foundation

/// When a schedule fires: a cron expression (`schedule.cron`), once a day at a sun-relative
/// time (`schedule.at`, e.g. `sunrise-30m`), or always (`schedule.always`: the daemon starts
/// the job at once and again whenever its run ends, for a job that runs until stopped).
package enum ScheduleTime: Sendable, Equatable, CustomStringConvertible {
    case cron(CronExpression)
    case sun(SunTime)
    case always

    /// As written in the job: `0 6 * * *`, or `at sunrise-30m`.
    package var description: String {
        switch self {
        case .cron(let cron): cron.source
        case .sun(let time): "at \(time)"
        case .always: "always"
        }
    }
}
