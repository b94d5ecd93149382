import CamschedCore
import Foundation

/// The clock capture modes run on: monotonic time for due times, wall time for metadata.
/// Tests pass a manual clock so that a day of schedule runs without sleeping.
package protocol CaptureClock: Sendable {
    /// Monotonic time in nanoseconds (the clock V4L2 stamps frames with).
    func monotonicNanoseconds() -> Int64
    /// Wall-clock time.
    func now() -> Date
    /// Sleeps until the monotonic clock reaches `deadline`.
    func sleep(untilMonotonic deadline: Int64)
    /// Seconds of this clock per second of the camera's real time: 1, except on a rehearsal's
    /// clock (`camsched run --speed`). What a mode measures in the camera's real time (a
    /// warm-up, a deadline for settling controls) lasts this many times as long on this clock.
    var rate: Double { get }
    /// Stops this clock's time until ``resume()`` (a rehearsal's clock; nothing elsewhere): what
    /// the camera spends in real time setting up — a warm-up, settling the controls — takes no
    /// simulated time, as it takes a few seconds of a real day.
    func pause()
    /// Lets the time run again after ``pause()``.
    func resume()
}

extension CaptureClock {
    package var rate: Double { 1 }
    package func pause() {}
    package func resume() {}
}

/// The system's clocks: `CLOCK_MONOTONIC` and `Date()`.
package struct SystemCaptureClock: CaptureClock {
    package init() {}
    package func monotonicNanoseconds() -> Int64 { MonotonicClock.nanoseconds() }
    package func now() -> Date { Date() }
    package func sleep(untilMonotonic deadline: Int64) { MonotonicClock.sleep(until: deadline) }
}
