import CamschedCore
import Foundation

/// Where an aligned interval (`"align": true`) takes its first shot.
///
/// The first shot is at the first instant at or after the start whose wall-clock time in the
/// job's time zone, counted in seconds since 1970-01-01 00:00 *wall time*, is a whole multiple
/// of `every`. So `every: "10s"` fires at :00, :10, :20…; `"15m"` at :00, :15, :30, :45 local
/// time; `"1d"` at local midnight; `"7m"` on multiples of 7 minutes since the (local) epoch.
/// Later shots follow at first + k·every on the monotonic clock, like any interval, so they
/// drift from wall-clock multiples by the size of a daylight-saving change, if one falls
/// within the run.
package enum IntervalAlignment {
    /// The first aligned shot at or after `start`.
    package static func firstShot(atOrAfter start: Date, every: Duration, timeZone: TimeZone) -> Date {
        let period = every.secondsValue
        guard period > 0, start.timeIntervalSince1970.isFinite else { return start }
        let offset = Double(timeZone.secondsFromGMT(for: start))
        let wall = start.timeIntervalSince1970 + offset
        var remainder = wall.truncatingRemainder(dividingBy: period)
        if remainder < 0 { remainder += period }
        // Ignore float noise of a start that is already on a multiple.
        if remainder < 1e-6 || period - remainder < 1e-6 { return start }
        return start.addingTimeInterval(period - remainder)
    }
}
