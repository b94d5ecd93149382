import CamschedCapture
import CamschedCore
import Foundation

/// A rehearsal's clock: the wall clock showed ``Rehearsal/at`` when the run began and runs
/// ``Rehearsal/speed`` times as fast as the real (base) clock.
///
/// Its monotonic time starts at the base clock's when the run began and runs as fast as its
/// wall time, so everything a run reads from its clock — the interval's window, the shots' due
/// times, the sidecars' and events' times, retention's "now" — follows the simulated time.
/// The camera stays on the base clock (warm-up, watchdogs and reconnection are the hardware's
/// real time); its frames are restamped onto this clock on the way to the capture mode
/// (``RehearsalFrameStream``), and the `test:` day scene reads the same mapping (``sceneClock``).
/// While the camera starts or its controls settle the clock is paused (``pause()``): that real
/// time, multiplied, would otherwise put the first shot minutes late.
package struct RehearsalClock: CaptureClock {
    package let base: any CaptureClock
    package let rehearsal: Rehearsal
    /// The base clock's monotonic time when the run began: both clocks agree there.
    package let originNanoseconds: Int64
    /// The base clock's wall time when the run began.
    package let originWall: Date
    private let timeline: RehearsalTimeline

    package init(_ rehearsal: Rehearsal, base: any CaptureClock = SystemCaptureClock()) {
        self.base = base
        self.rehearsal = rehearsal
        originNanoseconds = base.monotonicNanoseconds()
        originWall = base.now()
        timeline = RehearsalTimeline(origin: originNanoseconds, speed: rehearsal.speed)
    }

    package var rate: Double { rehearsal.speed }

    package func monotonicNanoseconds() -> Int64 { timeline.simulated(base.monotonicNanoseconds()) }

    package func now() -> Date { wall(atSimulated: monotonicNanoseconds()) }

    package func sleep(untilMonotonic deadline: Int64) { base.sleep(untilMonotonic: real(deadline)) }

    package func pause() { timeline.pause(at: base.monotonicNanoseconds()) }

    package func resume() { timeline.resume(at: base.monotonicNanoseconds()) }

    /// The simulated monotonic time of the base clock's `nanoseconds` (a frame's timestamp).
    package func simulated(_ nanoseconds: Int64) -> Int64 { timeline.simulated(nanoseconds) }

    /// The base clock's time when the simulated monotonic clock will show `nanoseconds`, if it
    /// runs from now on (now when that time has passed).
    package func real(_ nanoseconds: Int64) -> Int64 {
        // `.max` means "never" to a stream (``FrameStream/idle(until:)``): kept as it is.
        guard nanoseconds != .max, nanoseconds != .min else { return nanoseconds }
        let now = base.monotonicNanoseconds()
        let ahead = Double(nanoseconds &- timeline.simulated(now)) / rehearsal.speed
        return now &+ Int64(max(0, ahead).rounded())
    }

    /// The simulated wall time at the simulated monotonic time `nanoseconds`.
    package func wall(atSimulated nanoseconds: Int64) -> Date {
        rehearsal.at.addingTimeInterval(Double(nanoseconds &- originNanoseconds) / 1e9)
    }

    /// The simulated wall time of the base clock's wall time `date` (a camera loss's time).
    package func simulated(wall date: Date) -> Date {
        wall(atSimulated: simulated(originNanoseconds &+ Int64(date.timeIntervalSince(originWall) * 1e9)))
    }

    /// The same mapping for the `test:` camera's day scene, whose frames carry base-clock stamps.
    package var sceneClock: DaySceneClock {
        let (timeline, at, origin) = (timeline, rehearsal.at, originNanoseconds)
        return DaySceneClock { at.addingTimeInterval(Double(timeline.simulated($0) &- origin) / 1e9) }
    }
}
