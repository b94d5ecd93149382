import Foundation

/// One end of an interval's window (`capture.interval.from`, `until`): a fixed instant
/// (RFC 3339), or a sun-relative time (`sunrise-30m`) taken on the day of the run.
package enum IntervalBound: Sendable, Equatable, CustomStringConvertible {
    case time(Date)
    case sun(SunTime)

    /// The sun-relative time, when the bound is one.
    package var sunTime: SunTime? {
        if case .sun(let time) = self { return time }
        return nil
    }

    /// The fixed instant, when the bound is one.
    package var date: Date? {
        if case .time(let date) = self { return date }
        return nil
    }

    /// `sunset+30m`, or the instant in RFC 3339 (UTC).
    package var description: String {
        switch self {
        case .time(let date): ISO8601DateFormatter().string(from: date)
        case .sun(let time): time.description
        }
    }
}
