import Foundation

/// One run of a job as ``SchedulePlanner`` plans it: when it starts and what it captures.
package struct PlannedFire: Sendable, Equatable {
    /// When the run starts (the cron time, or the `from` date for jobs without a schedule).
    package var at: Date
    /// The captures, in time order; at most ``SchedulePlanner/captureLimit`` of them.
    package var captures: [PlannedCapture]
    /// How many captures the run makes in all; more than `captures.count` when the list was cut
    /// at the limit.
    package var totalCaptures: Int
    /// When the last capture is due (for recordings: when recording ends); `nil` without captures.
    package var endsAt: Date?
    /// For an interval with `from`/`until`: the window the run takes (its shots lie in it).
    package var window: IntervalWindow?
    /// For an interval with a sun-relative window: why the run has none (polar day or night);
    /// it then captures nothing.
    package var absence: SunAbsence?

    /// Creates a planned fire.
    package init(at: Date, captures: [PlannedCapture], totalCaptures: Int, endsAt: Date?) {
        self.at = at
        self.captures = captures
        self.totalCaptures = totalCaptures
        self.endsAt = endsAt
    }

    /// Whether `captures` was cut at the planner's limit.
    package var isTruncated: Bool { totalCaptures > captures.count }
}
