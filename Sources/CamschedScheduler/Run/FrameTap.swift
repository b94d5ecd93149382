import CamschedCore
import CamschedCapture
import CamschedMedia
import Foundation
import Synchronization

/// A look at a running stream's frames for the live status page, at no cost to capture.
///
/// The run's thread calls ``observe(_:)`` for each frame its capture mode pulls: a few relaxed
/// atomic updates (frame count, how late the frame is pulled) and one flag check; the dropped
/// frames are the stream's own count (``dropped(inStream:)``), the one sidecars, `--json`'s
/// `done` and the progress line show.
/// Only when a client asked since the last frame is that frame copied (``VideoFrame/detached()``,
/// so the driver buffer goes straight back) and handed over; decoding and encoding happen on the
/// client's side, never on the capture path. Nothing here waits for a client. Of an H.264 stream
/// (a stream copy) only keyframes are handed over, the frames that decode on their own
/// (``handsOutKeyframes``; ``TappedFrameStream`` tells them).
package final class FrameTap: Sendable {
    private let wanted = Atomic<Bool>(false)
    private let streaming = Atomic<Bool>(false)
    private let frames = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    /// The drops of the streams before the current one (a daemon's job runs many times).
    private let droppedBefore = Atomic<Int>(0)
    private let lagNanoseconds = Atomic<Int64>(0)
    private let latest = Mutex(Latest())
    private let configuredFPS = Atomic<UInt64>(0)
    private let keyframesOnly = Atomic<Bool>(false)

    package init() {}

    /// Frames the stream has handed to the capture mode (warm-up frames excluded).
    package var framesSeen: Int { frames.load(ordering: .relaxed) }
    /// Frames the streams lost so far (``FrameStream/droppedFrames`` of each, added up): by the
    /// camera or its driver, or by a late consumer that wanted them. Frames a time-lapse does not
    /// take between its shots are not lost.
    package var framesDropped: Int { dropped.load(ordering: .relaxed) }
    /// Whether the stream delivers frames now (false before the first frame, while the camera is
    /// away, and once the stream stopped).
    package var isStreaming: Bool { streaming.load(ordering: .relaxed) }
    /// How long the newest frame waited between capture and the capture mode pulling it.
    package var lagSeconds: Double { Double(lagNanoseconds.load(ordering: .relaxed)) / 1e9 }

    /// The frame rate the camera was configured with (0 before the first start).
    package var cameraFPS: Double { Double(bitPattern: configuredFPS.load(ordering: .relaxed)) }

    /// Whether the stream's frames are compressed frames of which only keyframes decode on their
    /// own (H.264), so that a client gets the next keyframe, up to a keyframe interval away.
    package var handsOutKeyframes: Bool { keyframesOnly.load(ordering: .relaxed) }

    /// Called when the stream has configured its camera.
    /// - Parameter keyframes: the stream's frames are H.264: only keyframes are handed over.
    package func configured(fps: Double, keyframes: Bool = false) {
        configuredFPS.store(fps.bitPattern, ordering: .relaxed)
        keyframesOnly.store(keyframes, ordering: .relaxed)
    }

    /// Called on the run's thread for each frame the stream hands out.
    package func observe(_ frame: VideoFrame) {
        count(frame)
        guard wanted.load(ordering: .relaxed), wanted.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let copy = frame.detached()
        let waiting = latest.withLock { latest in
            (latest.generation, latest.frame) = (latest.generation + 1, copy)
            return latest.takeWaiters()
        }
        for waiter in waiting { waiter.resume(returning: copy) }
    }

    /// Whether a client waits for a frame.
    package var wantsFrame: Bool { wanted.load(ordering: .relaxed) }

    /// A new stream starts: its count of dropped frames starts from zero.
    package func streamBegan() {
        droppedBefore.store(dropped.load(ordering: .relaxed), ordering: .relaxed)
    }

    /// The current stream has lost `count` frames so far (its ``FrameStream/droppedFrames``).
    package func dropped(inStream count: Int) {
        dropped.store(droppedBefore.load(ordering: .relaxed) + count, ordering: .relaxed)
    }

    /// Counts a frame without offering it to clients.
    func count(_ frame: VideoFrame) {
        frames.wrappingAdd(1, ordering: .relaxed)
        lagNanoseconds.store(max(0, MonotonicClock.nanoseconds() - frame.timestampNanoseconds), ordering: .relaxed)
        streaming.store(true, ordering: .relaxed)
    }

    /// The stream stopped or lost its camera: no preview until frames come again.
    package func paused() {
        streaming.store(false, ordering: .relaxed)
        let waiting = latest.withLock { latest in
            latest.frame = nil
            return latest.takeWaiters()
        }
        for waiter in waiting { waiter.resume(returning: nil) }
    }

    /// The generation of the newest copied frame; asks the run's thread for a copy of the next frame.
    package func request() -> Int {
        let generation = latest.withLock { $0.generation }
        wanted.store(true, ordering: .releasing)
        return generation
    }

    /// The frame copied after `generation`, if it has come.
    package func frame(after generation: Int) -> VideoFrame? {
        latest.withLock { $0.generation > generation ? $0.frame : nil }
    }

    /// Waits for the first frame copied after now (woken by ``observe(_:)``, never polling).
    /// - Returns: nil when the stream is not streaming, stops meanwhile, or no frame came
    ///   within `timeout`, or when the task is cancelled.
    package func nextFrame(timeout: Duration) async -> VideoFrame? {
        guard isStreaming else { return nil }
        let generation = request()
        let id = latest.withLock { $0.newWaiterID() }
        let timer = Deadline.start(after: timeout) { [weak self] in self?.stopWaiting(id) }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<VideoFrame?, Never>) in
                let ready = self.latest.withLock { latest -> VideoFrame?? in
                    if latest.generation > generation { return .some(latest.frame) }
                    if Task.isCancelled || !self.isStreaming { return .some(nil) }
                    latest.waiters[id] = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            self.stopWaiting(id)
        }
    }

    /// Ends one wait of ``nextFrame(timeout:)`` without a frame (its time is up, or its task was cancelled).
    private func stopWaiting(_ id: Int) {
        latest.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
    }

    /// The newest copied frame, its generation, and the clients waiting for the next one.
    private struct Latest {
        var generation = 0
        var frame: VideoFrame?
        var waiters: [Int: CheckedContinuation<VideoFrame?, Never>] = [:]
        private var nextID = 0

        mutating func newWaiterID() -> Int {
            defer { nextID += 1 }
            return nextID
        }

        mutating func takeWaiters() -> [CheckedContinuation<VideoFrame?, Never>] {
            defer { waiters = [:] }
            return Array(waiters.values)
        }
    }
}
