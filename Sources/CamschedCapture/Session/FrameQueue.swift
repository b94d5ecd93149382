import CamschedCore
import CamschedMedia
import Foundation

/// A bounded hand-over of frames from the capture thread to one consumer.
///
/// When the consumer is late and the queue is full, the oldest frame is discarded and
/// counted (AVFoundation's `alwaysDiscardsLateVideoFrames`) — the queue never grows. A consumer
/// that waits on purpose (a time-lapse between shots) says from when it wants frames again
/// (``want(from:)``): frames stamped before that and discarded are not counted, they were
/// never wanted.
/// Unchecked: `condition` (an NSCondition, for the waiting consumer) guards every stored var.
package final class FrameQueue: @unchecked Sendable {
    /// Maximum number of frames held.
    package let capacity: Int
    private let condition = NSCondition()
    /// Slots before `head` are taken (nil): a taken or discarded frame must not stay alive in
    /// the storage, where it would hold a driver buffer or a pooled file buffer until the next
    /// compaction (16 frames later: with a fast `file:` camera that kept 24 frames alive).
    private var frames: [(frame: VideoFrame, wanted: Bool)?] = []
    private var head = 0
    private var finished = false
    private var failure: CameraError?
    private var _discarded = 0
    private var _wantedFrom = Int64.min

    package init(capacity: Int = 4) {
        precondition(capacity > 0, "a frame queue needs room for at least one frame")
        self.capacity = capacity
    }

    /// Frames thrown away because the consumer was late while it wanted them.
    package var discardedFrames: Int { condition.lock(); defer { condition.unlock() }; return _discarded }

    /// The capture timestamp (monotonic ns) from which the consumer wants frames: `.min` every
    /// frame (the default), `.max` none until it pulls again (``resumeWanting()``).
    package var wantedFrom: Int64 { condition.lock(); defer { condition.unlock() }; return _wantedFrom }

    /// The consumer waits on purpose and wants frames stamped at or after `timestamp` (a
    /// time-lapse's next shot; `.max`: none until it pulls again). Frames stamped before it,
    /// those queued now included, are not counted in ``discardedFrames`` when discarded.
    package func want(from timestamp: Int64) {
        condition.lock()
        defer { condition.unlock() }
        _wantedFrom = timestamp
        for index in head..<frames.count where frames[index]?.frame.timestampNanoseconds ?? .max < timestamp {
            frames[index]?.wanted = false
        }
    }

    /// The consumer pulls: after ``want(from:)`` with `.max` it wants every frame from now on;
    /// a time it gave stays in force (frames stamped before it are still not wanted).
    package func resumeWanting() {
        condition.lock()
        defer { condition.unlock() }
        if _wantedFrom == .max { _wantedFrom = .min }
    }

    /// Frames waiting.
    package var count: Int { condition.lock(); defer { condition.unlock() }; return frames.count - head }

    /// Adds a frame, discarding the oldest if full. Returns false after `finish`.
    @discardableResult
    package func push(_ frame: VideoFrame) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if finished { return false }
        if frames.count - head >= capacity {
            if frames[head]?.wanted == true { _discarded += 1 }
            frames[head] = nil
            head += 1
        }
        frames.append((frame, frame.timestampNanoseconds >= _wantedFrom))
        if head >= 16 { frames.removeFirst(head); head = 0 }
        condition.broadcast()
        return true
    }

    /// Adds a frame, waiting while the queue is full instead of discarding — for cameras on
    /// their own virtual clock (`pace=fast`), where a late consumer should slow the camera
    /// down rather than lose frames. Gives up (returns false) when the queue is finished or
    /// `giveUp` says so (checked every 50 ms).
    @discardableResult
    package func pushWaiting(_ frame: VideoFrame, giveUp: () -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !finished && frames.count - head >= capacity {
            if giveUp() { return false }
            _ = condition.wait(until: Date().addingTimeInterval(0.05))
        }
        if finished { return false }
        frames.append((frame, frame.timestampNanoseconds >= _wantedFrom))
        condition.broadcast()
        return true
    }

    /// Wakes a producer waiting in ``pushWaiting(_:giveUp:)`` so that it asks `giveUp` now
    /// rather than at its next 50 ms check: a stop must not wait for the poll.
    package func wakeProducer() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Takes the oldest frame, waiting up to `timeout`. Returns nil on timeout or when the
    /// queue is finished and empty; throws the error it was finished with, once drained.
    package func pop(timeout: Duration) throws(CameraError) -> VideoFrame? {
        let deadline = Date().addingTimeInterval(timeout.secondsValue)
        condition.lock()
        defer { condition.unlock() }
        while frames.count - head == 0 {
            if finished {
                if let failure { throw failure }
                return nil
            }
            if !condition.wait(until: deadline) { return nil }
        }
        guard let frame = frames[head]?.frame else { return nil }
        frames[head] = nil
        head += 1
        // Drop taken frames from the storage: a producer that never lets the queue run empty
        // (pushWaiting) must not keep every frame it ever queued alive.
        if head == frames.count {
            frames.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 16 {
            frames.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return frame
    }

    /// Ends the stream: consumers drain what is queued, then get nil (or `error`).
    package func finish(error: CameraError? = nil) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// Whether `finish` has been called and every frame has been taken.
    package var isDrained: Bool { condition.lock(); defer { condition.unlock() }; return finished && frames.count == head }
}
