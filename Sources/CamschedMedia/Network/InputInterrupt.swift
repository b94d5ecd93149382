internal import CFFmpegShim
import CamschedCore
import Synchronization

/// When libavformat gives up a wait on one input: at a deadline for the whole wait, or at once
/// when a stop is asked. libavformat's own `rw_timeout` counts per read, so a server that sends
/// a byte every half second held a read — an open, an answer's head, a frame — for ever, and
/// nothing could end it. Its interrupt callback (`AVIOInterruptCB`) is asked before every read
/// and every 100 ms while a read or a connect waits, whatever the protocol (TCP, HTTP, RTSP),
/// and ends the wait with `AVERROR_EXIT`.
///
/// Once it has ended a wait it ends every later one at once: the input is left mid-read and is
/// not to be read again, and closing it (an RTSP `TEARDOWN`) does not wait either.
/// Sendable: the deadline and flags are atomics; the reading thread asks, any thread stops.
final class InputInterrupt: Sendable {
    /// Why a wait was ended.
    enum Cause: Int8, Sendable {
        case deadline = 1
        case stopped = 2
    }

    /// The monotonic time (ns) at which the current wait is given up.
    private let deadline = Atomic<Int64>(.max)
    private let stopAsked = Atomic<Bool>(false)
    /// The ``Cause`` that ended a wait (raw value), 0 while none did.
    private let fired = Atomic<Int8>(0)
    /// The run's stop (a signal): asked at every check, so a stop needs nobody to call ``stop()``.
    private let cancelled: @Sendable () -> Bool

    /// - Parameter cancelled: whether the run was asked to stop.
    init(cancelled: @escaping @Sendable () -> Bool) {
        self.cancelled = cancelled
    }

    /// Gives the waits from now on until `nanoseconds` on the monotonic clock (``MonotonicClock``).
    func limit(until nanoseconds: Int64) {
        deadline.store(nanoseconds, ordering: .relaxed)
    }

    /// Brings the deadline forward to `nanoseconds` when it is later.
    func shorten(to nanoseconds: Int64) {
        _ = deadline.min(nanoseconds, ordering: .relaxed)
    }

    /// Ends the current wait (and every later one) soon: within libavformat's 100 ms poll.
    func stop() {
        stopAsked.store(true, ordering: .relaxed)
    }

    /// What ended a wait; nil while nothing did.
    var cause: Cause? { Cause(rawValue: fired.load(ordering: .relaxed)) }

    /// libavformat's question: 1 to end the wait.
    private func shouldEnd() -> Bool {
        if fired.load(ordering: .relaxed) != 0 { return true }
        if stopAsked.load(ordering: .relaxed) || cancelled() {
            fired.store(Cause.stopped.rawValue, ordering: .relaxed)
            return true
        }
        guard MonotonicClock.nanoseconds() >= deadline.load(ordering: .relaxed) else { return false }
        fired.store(Cause.deadline.rawValue, ordering: .relaxed)
        return true
    }

    /// The callback to put in an `AVFormatContext` before it is opened. It does not keep this
    /// object alive: the context's owner must.
    var callback: AVIOInterruptCB {
        AVIOInterruptCB(callback: { opaque in
            guard let opaque else { return 0 }
            return Unmanaged<InputInterrupt>.fromOpaque(opaque).takeUnretainedValue().shouldEnd() ? 1 : 0
        }, opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}
