import CamschedCore
/// Drift-free timing of an interval on the monotonic clock: shot k is due at start + k·every.
///
/// Never "sleep `every`": lateness does not accumulate. A shot due more than one period ago is
/// skipped and counted, not taken late in a bunch with the next one (see ``nextShot(after:lastTaken:)``).
/// Times are monotonic nanoseconds (e.g. `ContinuousClock` or `CLOCK_MONOTONIC`).
package struct IntervalTiming: Sendable, Equatable {
    /// The next shot to take and how many were given up to get there.
    package struct NextShot: Sendable, Equatable {
        /// The shot's index (0 is the first shot).
        package var index: Int
        /// Shots between the last one taken and `index` that were too late and are skipped.
        package var skipped: Int
        /// When the shot is due, in monotonic nanoseconds; may be in the past by up to one period.
        package var due: UInt64

        /// Creates a value.
        package init(index: Int, skipped: Int, due: UInt64) {
            self.index = index
            self.skipped = skipped
            self.due = due
        }
    }

    /// When shot 0 is due, in monotonic nanoseconds.
    package var start: UInt64
    /// The period in nanoseconds; at least 1.
    package var every: UInt64

    /// Creates a timing.
    /// - Parameters:
    ///   - start: when the first shot is due, in monotonic nanoseconds.
    ///   - every: the period; durations under a nanosecond count as one nanosecond.
    package init(start: UInt64, every: Duration) {
        self.start = start
        self.every = UInt64(max(1, every.wholeNanoseconds))
    }

    /// When shot `k` is due: start + k·every (saturating).
    package func dueTime(_ k: Int) -> UInt64 {
        let (product, overflow) = every.multipliedReportingOverflow(by: UInt64(max(0, k)))
        if overflow { return .max }
        let (sum, overflow2) = start.addingReportingOverflow(product)
        return overflow2 ? .max : sum
    }

    /// The first shot due at or after `time`.
    package func shotIndex(atOrAfter time: UInt64) -> Int {
        guard time > start else { return 0 }
        let elapsed = time - start
        let index = elapsed / every + (elapsed % every == 0 ? 0 : 1)
        return index > UInt64(Int.max) ? .max : Int(index)
    }

    /// The shot to take next, at `now`, after shot `lastTaken` (`nil` before the first).
    ///
    /// It is the first shot after `lastTaken` that is late by at most one period
    /// (now − due ≤ every); the ones before it are skipped. The returned shot may be due in the
    /// future (wait for `due`) or up to one period in the past (take it now).
    package func nextShot(after now: UInt64, lastTaken: Int?) -> NextShot {
        let candidate = (lastTaken ?? -1) + 1
        let earliestAcceptable = now > every ? shotIndex(atOrAfter: now - every) : 0
        let index = max(candidate, earliestAcceptable)
        return NextShot(index: index, skipped: index - candidate, due: dueTime(index))
    }
}
