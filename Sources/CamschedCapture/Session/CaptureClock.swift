import CamschedCore
import Foundation

/// The clock capture modes run on: monotonic time for due times, wall time for metadata.
/// Tests pass a manual clock so that a day of schedule runs without sleeping.
public protocol CaptureClock: Sendable {
    /// Monotonic time in nanoseconds (the clock V4L2 stamps frames with).
    func monotonicNanoseconds() -> Int64
    /// Wall-clock time.
    func now() -> Date
    /// Sleeps until the monotonic clock reaches `deadline`.
    func sleep(untilMonotonic deadline: Int64)
}

/// The system's clocks: `CLOCK_MONOTONIC` and `Date()`.
public struct SystemCaptureClock: CaptureClock {
    public init() {}
    public func monotonicNanoseconds() -> Int64 { MonotonicClock.nanoseconds() }
    public func now() -> Date { Date() }
    public func sleep(untilMonotonic deadline: Int64) { MonotonicClock.sleep(until: deadline) }
}
