#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CLOCK_MONOTONIC in nanoseconds — the clock V4L2 stamps buffers with, and so the clock of every
/// frame's capture time (a network frame is stamped with it when it arrives).
package enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary fixed point.
    package static func nanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// Sleeps until the monotonic clock reaches `deadline` (absolute, no drift from
    /// accumulated relative sleeps).
    package static func sleep(until deadline: Int64) {
        var spec = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        _ = SystemCall.errorNumber { clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) }
    }
}
