import CamschedCore
import CamschedMedia
import Dispatch
import Synchronization

/// A bounded hand-over of frames from the capture thread to one consumer.
///
/// When the consumer is late and the queue is full, the oldest frame is discarded and
/// counted (AVFoundation's `alwaysDiscardsLateVideoFrames`) — the queue never grows. A consumer
/// that waits on purpose (a time-lapse between shots) says from when it wants frames again
/// (``want(from:)``): frames stamped before that and discarded are not counted, they were
/// never wanted.
/// Its state is in a `Mutex`; a consumer waiting for a frame and a producer waiting for room
/// sleep on a semaphore each, signalled by the change they wait for (and bounded by a deadline).
package final class FrameQueue: Sendable {
    /// Maximum number of frames held.
    package let capacity: Int
    private let state = Mutex(State())
    /// Signalled for each consumer that waited when a frame comes or the queue finishes.
    private let frameCame = DispatchSemaphore(value: 0)
    /// Signalled for each producer that waited when room is made, the queue finishes, or
    /// ``wakeProducer()`` is called.
    private let roomMade = DispatchSemaphore(value: 0)

    private struct State {
        /// Slots before `head` are taken (nil): a taken or discarded frame must not stay alive in
        /// the storage, where it would hold a driver buffer or a pooled file buffer until the next
        /// compaction (16 frames later: with a fast `file:` camera that kept 24 frames alive).
        var frames: [(frame: VideoFrame, wanted: Bool)?] = []
        var head = 0
        var finished = false
        var failure: CameraError?
        var discarded = 0
        var wantedFrom = Int64.min
        /// Consumers and producers that wait for the next change (each is signalled once).
        var consumersWaiting = 0
        var producersWaiting = 0

        var count: Int { frames.count - head }

        mutating func append(_ frame: VideoFrame) {
            frames.append((frame, frame.timestampNanoseconds >= wantedFrom))
        }

        /// The waiting consumers (and producers) to signal after this change; none wait any more.
        mutating func takeWaiting(producers: Bool = false) -> (consumers: Int, producers: Int) {
            defer { consumersWaiting = 0; if producers { producersWaiting = 0 } }
            return (consumersWaiting, producers ? producersWaiting : 0)
        }
    }

    package init(capacity: Int = 4) {
        precondition(capacity > 0, "a frame queue needs room for at least one frame")
        self.capacity = capacity
    }

    /// Frames thrown away because the consumer was late while it wanted them.
    package var discardedFrames: Int { state.withLock { $0.discarded } }

    /// The capture timestamp (monotonic ns) from which the consumer wants frames: `.min` every
    /// frame (the default), `.max` none until it pulls again (``resumeWanting()``).
    package var wantedFrom: Int64 { state.withLock { $0.wantedFrom } }

    /// The consumer waits on purpose and wants frames stamped at or after `timestamp` (a
    /// time-lapse's next shot; `.max`: none until it pulls again). Frames stamped before it,
    /// those queued now included, are not counted in ``discardedFrames`` when discarded.
    package func want(from timestamp: Int64) {
        state.withLock { state in
            state.wantedFrom = timestamp
            for index in state.head..<state.frames.count where state.frames[index]?.frame.timestampNanoseconds ?? .max < timestamp {
                state.frames[index]?.wanted = false
            }
        }
    }

    /// The consumer pulls: after ``want(from:)`` with `.max` it wants every frame from now on;
    /// a time it gave stays in force (frames stamped before it are still not wanted).
    package func resumeWanting() {
        state.withLock { state in
            if state.wantedFrom == .max { state.wantedFrom = .min }
        }
    }

    /// Frames waiting.
    package var count: Int { state.withLock { $0.count } }

    /// Adds a frame, discarding the oldest if full. Returns false after `finish`.
    @discardableResult
    package func push(_ frame: VideoFrame) -> Bool {
        let waiting = state.withLock { state -> (consumers: Int, producers: Int)? in
            if state.finished { return nil }
            if state.count >= capacity {
                if state.frames[state.head]?.wanted == true { state.discarded += 1 }
                state.frames[state.head] = nil
                state.head += 1
            }
            state.append(frame)
            if state.head >= 16 { state.frames.removeFirst(state.head); state.head = 0 }
            return state.takeWaiting()
        }
        guard let waiting else { return false }
        wake(waiting)
        return true
    }

    /// Adds a frame, waiting while the queue is full instead of discarding — for cameras on
    /// their own virtual clock (`pace=fast`), where a late consumer should slow the camera
    /// down rather than lose frames. Gives up (returns false) when the queue is finished or
    /// `giveUp` says so (asked when woken, and at least every 50 ms).
    @discardableResult
    package func pushWaiting(_ frame: VideoFrame, giveUp: () -> Bool) -> Bool {
        while true {
            let outcome = state.withLock { state -> (pushed: Bool, waiting: (consumers: Int, producers: Int))? in
                if state.finished { return (false, (0, 0)) }
                guard state.count >= capacity else {
                    state.append(frame)
                    return (true, state.takeWaiting())
                }
                state.producersWaiting += 1
                return nil
            }
            if let outcome {
                wake(outcome.waiting)
                return outcome.pushed
            }
            if giveUp() { return false }
            _ = roomMade.wait(timeout: .now() + .milliseconds(50))
        }
    }

    /// Wakes a producer waiting in ``pushWaiting(_:giveUp:)`` so that it asks `giveUp` now
    /// rather than at its next 50 ms check: a stop must not wait for that.
    package func wakeProducer() {
        wake(state.withLock { state in
            defer { state.producersWaiting = 0 }
            return (0, state.producersWaiting)
        })
    }

    /// Takes the oldest frame, waiting up to `timeout`. Returns nil on timeout or when the
    /// queue is finished and empty; throws the error it was finished with, once drained.
    package func pop(timeout: Duration) throws(CameraError) -> VideoFrame? {
        let deadline = DispatchTime.now() + .nanoseconds(Int(clamping: timeout.wholeNanoseconds))
        while true {
            switch try state.withLock({ state throws(CameraError) -> Popped in try Self.take(from: &state) }) {
            case let .frame(frame, producers):
                wake((0, producers))
                return frame
            case .none:
                return nil
            case .wait:
                guard frameCame.wait(timeout: deadline) == .success else {
                    state.withLock { $0.consumersWaiting = max(0, $0.consumersWaiting - 1) }
                    return nil
                }
            }
        }
    }

    private enum Popped {
        /// The frame, and the producers to wake (room was made).
        case frame(VideoFrame, producers: Int)
        case none
        /// Empty: the consumer is counted among those waiting.
        case wait
    }

    /// The oldest frame of `state`, or what a consumer does without one.
    private static func take(from state: inout State) throws(CameraError) -> Popped {
        guard state.count > 0 else {
            if state.finished {
                if let failure = state.failure { throw failure }
                return .none
            }
            state.consumersWaiting += 1
            return .wait
        }
        guard let frame = state.frames[state.head]?.frame else { return .none }
        state.frames[state.head] = nil
        state.head += 1
        // Drop taken frames from the storage: a producer that never lets the queue run empty
        // (pushWaiting) must not keep every frame it ever queued alive.
        if state.head == state.frames.count {
            state.frames.removeAll(keepingCapacity: true)
            state.head = 0
        } else if state.head >= 16 {
            state.frames.removeFirst(state.head)
            state.head = 0
        }
        defer { state.producersWaiting = 0 }
        return .frame(frame, producers: state.producersWaiting)
    }

    /// Ends the stream: consumers drain what is queued, then get nil (or `error`).
    package func finish(error: CameraError? = nil) {
        wake(state.withLock { state in
            state.finished = true
            state.failure = error
            return state.takeWaiting(producers: true)
        })
    }

    /// Whether `finish` has been called and every frame has been taken.
    package var isDrained: Bool { state.withLock { $0.finished && $0.count == 0 } }

    /// Signals the consumers and producers that waited for the change just made.
    private func wake(_ waiting: (consumers: Int, producers: Int)) {
        for _ in 0..<waiting.consumers { frameCame.signal() }
        for _ in 0..<waiting.producers { roomMade.signal() }
    }
}
