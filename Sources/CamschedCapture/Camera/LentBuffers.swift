/// The books of a camera's lent buffers: how many consumers hold, when a new one is copied out
/// instead of lent, and the stop or close that waits for the last one to come back.
///
/// A lent buffer is a driver's: while consumers hold it the driver cannot fill it, and once
/// the stream stops or the device closes its memory is gone. So two buffers always stay with
/// the driver (one with fewer than three), further frames are copied out, and a stop or close
/// asked for while any is held is carried out when the last one is given back.
struct LentBuffers: Sendable {
    /// What waits for the last lent buffer.
    enum Deferred: Sendable, Equatable {
        /// Stop the stream (the camera stays configured).
        case stop
        /// Stop the stream if it runs and release the hardware.
        case close
    }

    /// What to do with a buffer given back.
    enum GiveBack: Sendable, Equatable {
        /// The stream runs: the driver fills it again.
        case requeue
        /// The stream is stopping: keep it out until the last one is back.
        case keep
        /// It was the last one: carry out what waited.
        case carryOut(Deferred)
    }

    private(set) var held = 0
    private(set) var copiedOut = 0
    private(set) var deferred: Deferred?
    /// The buffers the back-end lends for the current stream; nil: none (a driver that writes
    /// into dequeued buffers).
    private var lendable: Int? = 0

    /// A new stream lending at most `lendable` buffers (nil: every frame copied out).
    mutating func startStream(lendable: Int?) {
        held = 0
        self.lendable = lendable
    }

    /// Whether a dequeued buffer is lent to consumers (true) or copied out and given back at
    /// once (false: consumers already hold all but the driver's share, or the driver would
    /// write into it).
    mutating func lend() -> Bool {
        guard let lendable, held < max(lendable - 2, 1) else {
            copiedOut += 1
            return false
        }
        held += 1
        return true
    }

    /// A consumer gave a buffer back; `streaming` says whether the stream still runs.
    mutating func giveBack(streaming: Bool) -> GiveBack {
        held -= 1
        if held == 0, let waiting = deferred {
            deferred = nil
            return .carryOut(waiting)
        }
        return streaming && deferred == nil ? .requeue : .keep
    }

    /// Asks for `action` now: true when nothing is held and it can be carried out at once,
    /// false when it waits for the last buffer (a close replaces a waiting stop).
    mutating func ask(_ action: Deferred) -> Bool {
        guard held > 0 else { return true }
        if deferred != .close { deferred = action }
        return false
    }

    /// Whether a close still waits for buffers (the hardware is not released yet).
    var closing: Bool { deferred == .close }
}
