import CamschedCore
import Foundation
import Logging

/// A camera with its configuration and the consumers of its frames.
///
/// `configure` validates the whole request first and applies it only if it is possible;
/// `start` streams, discards the warm-up frames and locks `auto` settings; then a dedicated
/// capture thread hands each frame but a damaged one (``DamagedFrameFilter``: counted as
/// dropped) to every consumer's bounded ``FrameQueue`` — one frame object shared by all, no
/// copies. A disconnect or stream failure finishes the queues with the error; the
/// ``CameraStream`` above turns a loss into `lost`/`returned` items.
/// Unchecked: `lock` guards the consumers, flags and counters the capture thread shares; the
/// format, request and controls are set by `configure` before streaming starts.
package final class CaptureSession: @unchecked Sendable {
    package let camera: Camera
    private let logger: Logger
    private let lock = NSLock()
    private var consumers: [FrameQueue] = []
    private var thread: Thread?
    private var stopRequested = false
    private var running = false
    private let finishedSignal = DispatchSemaphore(value: 0)
    private var _framesDelivered = 0
    private var delivered = DeliveredSequence()
    /// The first frame past the warm-up, handed on before any other.
    private var pendingFirst: VideoFrame?
    /// How the capture thread's stream ended (a loss), until streaming starts again.
    private var streamEnded: CameraError?
    /// A sensor's frames captured before the session was set up (locking and reading the
    /// controls: 0.3 s in an emulated guest) are stale: not handed on, their losses not counted.
    private var freshFrom: Int64 = .min
    /// Drops damaged frames; made at each ``start(warmup:controls:deliverFrames:cancelled:)``.
    private var damagedFrames: DamagedFrameFilter?

    /// The format in force after `configure`.
    package private(set) var format: CameraFormat?
    /// What the request was.
    package private(set) var request = CameraRequest()
    /// The focus/exposure/white-balance state as applied.
    package private(set) var appliedControls = AppliedControls()
    /// Warnings from configuration (adjusted rate, unsupported controls).
    package private(set) var warnings: [String] = []
    /// Each control's value, read after warm-up and attached to frames whose camera does not
    /// report them per frame (V4L2: one ioctl per control per frame would cost too much).
    private var controlSnapshot: [String: Int64] = [:]
    /// Which controls ``controlSnapshot`` holds.
    private var metadataControls = MetadataControls.every

    package init(camera: Camera, logger: Logger = Logger(label: "camsched.capture")) {
        self.camera = camera
        self.logger = logger
    }

    /// Whether the capture thread started and has ended (a loss, or ``stop()``).
    var captureThreadEnded: Bool { lock.withLock { thread != nil && !running } }

    /// Frames handed to consumers so far.
    package var framesDelivered: Int { lock.withLock { _framesDelivered } }
    /// First and last V4L2 sequence numbers delivered.
    package var sequenceRange: (first: UInt32, last: UInt32)? {
        lock.withLock { delivered.first.flatMap { first in delivered.last.map { (first, $0) } } }
    }

    /// Frames the camera or its driver lost since the warm-up, or that came damaged (``DeliveredSequence``).
    package var droppedFrames: Int { lock.withLock { delivered.dropped } }

    /// Validates `request` against the camera's modes as a whole, then applies it.
    /// - Throws: ``CameraError/unsupportedMode(requested:supported:)`` when impossible; nothing
    ///   is changed on the camera then.
    /// - Parameter reusing: the mode and rate an earlier session of the same camera chose (a
    ///   camera that came back): applied as they are, without enumerating the camera's modes
    ///   again — which costs thousands of ioctls on a driver with many formats.
    @discardableResult
    package func configure(_ request: CameraRequest, defaultMode: CameraMode? = nil,
                          reusing chosen: ChosenMode? = nil) throws(CameraError) -> CameraFormat {
        if camera.state == .closed { try camera.open() }
        let (mode, fps, copy): (CameraMode, Double, StreamCopyChoice?)
        if let chosen {
            (mode, fps, copy) = (chosen.mode, chosen.fps, chosen.copy)
        } else {
            let choice = try CameraModeChoice.choose(request, camera: camera, defaultMode: defaultMode)
            (mode, fps, copy) = (choice.mode, choice.fps, choice.copy)
            warnings += choice.warnings
        }
        chosenMode = ChosenMode(mode: mode, fps: fps, copy: copy)
        let applied = try Self.configure(camera, mode: mode, fps: fps, reused: chosen != nil)
        self.request = request
        format = applied
        appliedControls = try ControlApplier(request: request).prepare(camera)
        warnings += appliedControls.warnings
        for warning in warnings { logger.warning("\(warning)") }
        return applied
    }

    /// The mode and rate ``configure(_:defaultMode:reusing:)`` chose.
    package private(set) var chosenMode: ChosenMode?

    /// Starts streaming, discards frames for `warmup`, locks `auto` settings, reads the controls
    /// frames carry, and starts the capture thread that hands frames to consumers (add them
    /// first) from the first frame past the warm-up — or, with `deliverFrames` false, leaves
    /// them to ``takeFrame(timeout:)`` (a single still needs no thread and no queue).
    /// - Parameter controls: which controls' values frames carry: ``MetadataControls/every``
    ///   for sidecars and the catalog, ``MetadataControls/exif`` for a still whose only
    ///   metadata is its EXIF block.
    /// - Parameter cancelled: asked at least every 200 ms during the warm-up (a stop signal).
    /// - Returns: false when `cancelled` said stop during the warm-up (streaming stopped again).
    @discardableResult
    package func start(warmup: Duration, controls: MetadataControls = .every, deliverFrames: Bool = true,
                      cancelled: () -> Bool = { false }) throws(CameraError) -> Bool {
        guard let format else { throw .invalidState("start() before configure()") }
        let began = MonotonicClock.nanoseconds()
        try camera.startStreaming()
        lock.withLock { delivered = DeliveredSequence(fps: format.fps) }
        let watchdog = CaptureSession.watchdog(fps: format.fps)
        guard let warmedUp = try warmUp(for: warmup, watchdog: watchdog, cancelled: cancelled) else {
            camera.stopStreaming()
            return false
        }
        let warmedUpAt = MonotonicClock.nanoseconds()
        var applied = appliedControls
        try ControlApplier(request: request).lockAfterWarmup(camera, applied: &applied)
        appliedControls = applied
        metadataControls = controls
        refreshControlSnapshot()
        let seconds = { (end: Int64) in Double(end - began) / 1e9 }
        logger.debug("stream started: first frame after \(seconds(warmedUp.firstArrived)) s, warmed up after \(seconds(warmedUpAt)) s, controls locked and read after \(seconds(MonotonicClock.nanoseconds())) s")
        damagedFrames = DamagedFrameFilter(format: format.pixelFormat, camera: camera.identity.path, logger: logger)
        let setUp = camera.settlesAfterStart && camera.pacesInRealTime ? MonotonicClock.nanoseconds() : .min
        lock.withLock {
            (freshFrom, pendingFirst) = (setUp, warmedUp.first.flatMap { $0.timestampNanoseconds >= setUp ? $0 : nil })
            (stopRequested, streamEnded, running) = (false, nil, deliverFrames)
        }
        guard deliverFrames else { return true }
        let thread = Thread { [self] in captureLoop(watchdog: watchdog) }
        thread.name = "camsched.capture"
        thread.stackSize = 1 << 20
        self.thread = thread
        thread.start()
        return true
    }

    /// Discards the frames within `warmup` of the first (by timestamp); returns the first frame
    /// past it (none without a warm-up) and when the first came; nil when `cancelled` said stop.
    private func warmUp(for warmup: Duration, watchdog: Duration,
                        cancelled: () -> Bool) throws(CameraError) -> (first: VideoFrame?, firstArrived: Int64)? {
        let (warmupNanos, watchdogNanos) = (warmup.wholeNanoseconds, watchdog.wholeNanoseconds)
        var first: Int64?
        var firstArrived = MonotonicClock.nanoseconds()
        var lastArrived = firstArrived
        while warmupNanos > 0 {
            if cancelled() { return nil }
            guard let frame = try camera.nextFrame(timeout: .milliseconds(200)) else {
                if MonotonicClock.nanoseconds() - lastArrived > watchdogNanos {
                    throw .timeout(path: camera.identity.path, seconds: Double(watchdog.components.seconds))
                }
                continue
            }
            lastArrived = MonotonicClock.nanoseconds()
            if first == nil { (first, firstArrived) = (frame.timestampNanoseconds, lastArrived) }
            if frame.timestampNanoseconds - (first ?? 0) >= warmupNanos { return (frame, firstArrived) }
        }
        return cancelled() ? nil : (nil, firstArrived)
    }

    /// Re-reads the values of the controls frames carry (after the job or a bracket changed one);
    /// with `only`, just those controls (`VIDIOC_G_CTRL` each), merged into the rest.
    package func refreshControlSnapshot(only: [ControlKey]? = nil) {
        if let only, let values = try? camera.controlValues(only) { return lock.withLock { controlSnapshot.merge(values) { $1 } } }
        let values: [String: Int64]?
        if let keys = metadataControls.keys { values = try? camera.controlValues(keys) } else { values = try? camera.allControlValues() }
        lock.withLock { controlSnapshot = values ?? [:] }
    }

    /// The watchdog period: max(2 s, 3 frame intervals).
    package static func watchdog(fps: Double) -> Duration {
        .milliseconds(Int64(max(2000, 3000 / max(fps, 0.01))))
    }

    /// Adds a consumer; it receives every frame from now on through its own bounded queue.
    /// Add consumers before ``start(warmup:controls:deliverFrames:cancelled:)``; one added after
    /// the capture thread ended on a loss gets that loss at once, never an open, empty queue.
    package func addConsumer(capacity: Int = 4) -> FrameQueue {
        let queue = FrameQueue(capacity: capacity)
        let ended = lock.withLock { () -> CameraError? in
            if streamEnded == nil { consumers.append(queue) }
            return streamEnded
        }
        if let ended { queue.finish(error: ended) }
        return queue
    }

    /// Removes a consumer and finishes its queue.
    package func removeConsumer(_ queue: FrameQueue) {
        lock.withLock { consumers.removeAll { $0 === queue } }
        queue.finish()
    }

    /// Changes the frame rate while streaming: the rate in force, nil if it cannot now.
    package func changeFrameRate(_ fps: Double) -> Double? {
        let before = lock.withLock { delivered.rateChanging(to: fps) }
        let rate = (try? camera.changeFrameRate(fps)) ?? nil
        if rate != fps { lock.withLock { _ = delivered.rateChanging(to: rate ?? before) } }
        return rate
    }

    /// Stops the capture thread and streaming; consumers drain what is queued.
    package func stop() {
        let (wasRunning, waiting) = lock.withLock { () -> (Bool, [FrameQueue]) in
            stopRequested = true
            return (running, consumers)
        }
        // The capture thread may wait for room in a full queue, or for a frame that trickles in.
        for queue in waiting { queue.wakeProducer() }
        camera.cancelWaits()
        if wasRunning { finishedSignal.wait() }
        damagedFrames?.flush()
        lock.withLock { pendingFirst = nil }  // a first frame nobody took holds a driver buffer
        camera.stopStreaming()
        let queues = lock.withLock { () -> [FrameQueue] in defer { consumers.removeAll() }; return consumers }
        for queue in queues { queue.finish() }
    }

    /// Stops and closes the camera.
    package func close() { stop(); camera.close() }

    /// The next frame, taken on the caller's thread, for a session started without
    /// delivering frames: stamped and counted as the capture thread does; nil on timeout.
    package func takeFrame(timeout: Duration) throws(CameraError) -> VideoFrame? {
        guard !lock.withLock({ running }) else { throw .invalidState("takeFrame() while the capture thread delivers frames") }
        return try nextFrame(timeout: timeout)
    }

    /// The first frame past the warm-up if nobody took it yet, else the camera's next fresh
    /// frame, stamped; nil when none came whole within `timeout`. A damaged frame is dropped
    /// (counted) and the next one taken: it is no sign of a working camera for the watchdog.
    private func nextFrame(timeout: Duration) throws(CameraError) -> VideoFrame? {
        let pending = lock.withLock { () -> VideoFrame? in defer { pendingFirst = nil }; return pendingFirst }
        if let pending, let stamped = stamp(pending) { return stamped }
        let deadline = MonotonicClock.nanoseconds() + timeout.wholeNanoseconds
        while let frame = try camera.nextFrame(timeout: .nanoseconds(max(0, deadline - MonotonicClock.nanoseconds()))) {
            if frame.timestampNanoseconds >= freshFrom, let stamped = stamp(frame) { return stamped }
            if MonotonicClock.nanoseconds() >= deadline { return nil }
        }
        return nil
    }

    /// The frame with what the writers apply, set once before anyone sees it; counts it. Nil
    /// for a damaged frame, counted as a dropped one.
    private func stamp(_ frame: VideoFrame) -> VideoFrame? {
        let refused = damagedFrames?.refusal(of: frame) != nil
        let (snapshot, delivering, queues) = lock.withLock { (controlSnapshot, running, consumers) }
        // Frames lost before every consumer wants frames again were not wanted (``DeliveredSequence``).
        let wantedFrom = delivering ? queues.map(\.wantedFrom).min() ?? .min : .min
        let (lost, total) = lock.withLock { () -> (Int, Int) in
            if !refused { _framesDelivered += 1 }
            return (delivered.record(frame.sequence, timestampNanoseconds: frame.timestampNanoseconds, wantedFrom: wantedFrom,
                                     refused: refused), delivered.dropped)
        }
        if refused { return nil }
        var metadata = frame.metadata
        (metadata.rotation, metadata.mirror, metadata.digitalZoom) = (request.rotation, request.mirror, appliedControls.digitalZoom)
        if metadata.controls.isEmpty { metadata.controls = snapshot }
        metadata.droppedBefore = total
        if lost > 0 { logger.debug("the camera lost \(lost) frame(s) before frame \(frame.sequence)") }
        return frame.with(metadata: metadata)
    }

    private func captureLoop(watchdog: Duration) {
        var (failure, lastFrameAt): (CameraError?, Int64) = (nil, MonotonicClock.nanoseconds())
        while !lock.withLock({ stopRequested }) {
            do {
                if let frame = try nextFrame(timeout: .milliseconds(200)) {
                    lastFrameAt = MonotonicClock.nanoseconds()
                    let queues = lock.withLock { () -> [FrameQueue] in consumers }
                    if camera.pacesInRealTime {
                        for queue in queues { queue.push(frame) }
                    } else {
                        // A virtual-time camera waits for its consumers instead of losing frames.
                        for queue in queues { queue.pushWaiting(frame) { self.lock.withLock { self.stopRequested } } }
                    }
                } else if MonotonicClock.nanoseconds() - lastFrameAt > watchdog.wholeNanoseconds {
                    failure = .timeout(path: camera.identity.path, seconds: Double(watchdog.wholeNanoseconds) / 1e9)
                    break
                }
            } catch {
                failure = error
                break
            }
        }
        let queues = lock.withLock { () -> [FrameQueue] in (running, streamEnded) = (false, failure); return consumers }
        if let failure {
            // The consumers get the error and decide what it means (a file camera's end after a
            // complete recording is not a fault), so it is only a debug line here.
            logger.debug("stream ended: \(failure)")
            for queue in queues { queue.finish(error: failure) }
        }
        finishedSignal.signal()
    }
}
