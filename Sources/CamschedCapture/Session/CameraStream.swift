import CamschedCore
import CamschedMedia
import Foundation
import Logging

/// A camera's frame stream that survives the camera going away.
///
/// A loss (unplugged, driver reloaded, no frames within the watchdog, a fatal stream error) is
/// the stream's job, not its consumer's: the stream closes the camera at once — no descriptor
/// is kept, so the driver can be unloaded — hands out `.lost`, then tries to reopen the camera
/// by its stable identity with ``ReconnectBackoff`` each time it is pulled, configures it with
/// the same request, warms it up and hands out `.returned`. A fatal stream error is retried at
/// most three times a minute; after that it is thrown.
package final class CameraStream: FrameStream {
    /// Opens the camera (the first time, or again after a loss) and configures it.
    package typealias Opener = () throws(CameraError) -> CaptureSession

    private let open: Opener
    private let cancelled: () -> Bool
    package let warmup: Duration
    private let clock: any CaptureClock
    private let logger: Logger
    private let queueCapacity: Int
    private var session: CaptureSession?
    private var queue: FrameQueue?
    private var waiting: StreamLoss?
    private var pendingLoss: StreamLoss?
    private var nextAttempt: Int64 = 0
    private var backoff = ReconnectBackoff()
    private var restarts: [Int64] = []
    private var droppedBefore = 0
    /// The last frame pulled and the frames lost, besides the session's, before it.
    private var lastPulled: (frame: ObjectIdentifier, dropped: Int)?

    package private(set) var info: StreamInfo?
    package private(set) var reopenFailure: CameraError?
    package private(set) var pacesInRealTime = true
    /// The longest warm-up of a camera that comes back.
    package static let returnWarmup: Duration = .milliseconds(500)
    package var onConfigured: ((StreamInfo) -> Void)?
    /// Frames are taken on the consumer's thread when it pulls (``CaptureSession/takeFrame(timeout:)``),
    /// with no capture thread and no queue: for a run that takes one still, as `snapshot` does —
    /// no thread dequeuing (and, with the driver's buffers held, copying) frames nobody takes
    /// while the still is encoded and filed. A camera silent for the watchdog period is lost, as
    /// with the capture thread. Set before ``start()``.
    package var framesOnRequest = false
    /// When the last frame came (``framesOnRequest``: the watchdog's reference).
    private var lastFrameAt: Int64 = 0

    /// - Parameters:
    ///   - warmup: frames during this time after the first start are discarded. A camera that
    ///     comes back after a loss was set up once already: it gets the same settings again and
    ///     only ``returnWarmup`` (at most half a second), so a recording resumes quickly.
    ///   - queueCapacity: frames held for a late consumer before the oldest is discarded.
    ///   - cancelled: whether the run was asked to stop: a warm-up (which can last a minute)
    ///     ends within 200 ms of it, and ``start()`` returns without a camera.
    package init(warmup: Duration, queueCapacity: Int = 8, clock: any CaptureClock = SystemCaptureClock(),
                logger: Logger = Logger(label: "camsched.capture"), cancelled: @escaping () -> Bool = { false },
                open: @escaping Opener) {
        self.open = open
        self.cancelled = cancelled
        self.warmup = warmup
        self.queueCapacity = queueCapacity
        self.clock = clock
        self.logger = logger
    }

    /// Frames lost since the stream started: by the camera or its driver (gaps in the
    /// delivered frames' sequence numbers) and by the queue while the consumer wanted every
    /// frame and was late. Frames the consumer did not want (``idle(until:)``: a time-lapse
    /// between shots) are not lost, nor are frames of a warm-up or of a camera slowed down on purpose.
    package var droppedFrames: Int { lostOutsideSession + (session?.droppedFrames ?? 0) }

    /// Frames lost other than by the current session's camera: by earlier sessions (before a
    /// loss) and by the queue while the consumer wanted them.
    private var lostOutsideSession: Int { droppedBefore + (queue?.discardedFrames ?? 0) }

    package func start() throws(CameraError) {
        guard session == nil, waiting == nil else { return }
        do {
            try openAndStart()
        } catch {
            guard let reason = StreamLoss.reason(for: error, reopening: info != nil), !isStreamFailure(error) || info != nil else {
                throw error
            }
            // Gone during warm-up, or not back between two shots: wait for it like any loss.
            pendingLoss = enterWaiting(StreamLoss(reason: reason, error: error, at: clock.now()))
        }
    }

    package func next(timeout: Duration) throws(CameraError) -> StreamItem? {
        if let loss = pendingLoss {
            pendingLoss = nil
            return .lost(loss)
        }
        if waiting != nil { return reconnect(within: timeout) }
        if framesOnRequest, let session {
            return try pulled { () throws(CameraError) -> VideoFrame? in try self.takeOnRequest(from: session, timeout: timeout) }
        }
        guard let queue else { throw .invalidState("the frame stream was pulled before start()") }
        queue.resumeWanting()
        return try pulled { () throws(CameraError) -> VideoFrame? in try queue.pop(timeout: timeout) }
    }

    /// The frame `take` gives, or the loss its error means.
    private func pulled(_ take: () throws(CameraError) -> VideoFrame?) throws(CameraError) -> StreamItem? {
        do {
            guard let frame = try take() else { return nil }
            // Every frame the queue let go so far was older than this one.
            lastPulled = (ObjectIdentifier(frame), lostOutsideSession)
            return .frame(frame)
        } catch {
            guard let reason = StreamLoss.reason(for: error, reopening: true) else { throw error }
            if isStreamFailure(error) { try countRestart(after: error) }
            return .lost(enterWaiting(StreamLoss(reason: reason, error: error, at: clock.now())))
        }
    }

    /// The camera's next frame taken on this thread; a timeout past the watchdog period is a loss.
    private func takeOnRequest(from session: CaptureSession, timeout: Duration) throws(CameraError) -> VideoFrame? {
        if let frame = try session.takeFrame(timeout: timeout) {
            lastFrameAt = clock.monotonicNanoseconds()
            return frame
        }
        let watchdog = CaptureSession.watchdog(fps: info?.format.fps ?? 30)
        if clock.monotonicNanoseconds() - lastFrameAt > watchdog.wholeNanoseconds {
            throw .timeout(path: session.camera.identity.path, seconds: Double(watchdog.wholeNanoseconds) / 1e9)
        }
        return nil
    }

    package func changeFrameRate(_ fps: Double) -> Double? {
        guard let session else { return nil }
        let rate = session.changeFrameRate(fps)
        // `info` keeps the configured rate (the job's): readers see it while the camera idles.
        if let rate { frameRateInForce = rate }
        return rate
    }

    package private(set) var frameRateInForce: Double?

    package var offeredFrameRates: [Double] { session?.chosenMode?.mode.frameRates ?? [] }

    /// The session's count when `frame` was captured, plus what the stream had lost otherwise
    /// when `frame` was pulled (the last frame pulled; for an older one, what it has lost now).
    package func droppedFrames(before frame: VideoFrame) -> Int {
        let other = lastPulled.flatMap { $0.frame == ObjectIdentifier(frame) ? $0.dropped : nil }
        return frame.metadata.droppedBefore + (other ?? lostOutsideSession)
    }

    /// The consumer waits and wants no frame stamped before `due` (a time-lapse between shots;
    /// `.max`: none until its next ``next(timeout:)``): frames the queue discards meanwhile,
    /// and frames the camera loses, are not dropped frames.
    package func idle(until due: Int64) { queue?.want(from: due) }

    package func stop() {
        waiting = nil
        pendingLoss = nil
        release()
    }

    package func controls() throws(CameraError) -> [CameraControl] { try streamingCamera().controls() }

    /// Sets a control; the frames captured from now on carry its value read back (`VIDIOC_G_CTRL`)
    /// in their metadata, so a still's sidecar `controls` shows what a ramp or a bracket set.
    package func setControl(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        let set = try streamingCamera().setControl(key, to: value)
        session?.refreshControlSnapshot(only: [key])
        return set
    }

    package func getControl(_ key: ControlKey) throws(CameraError) -> ControlValue { try streamingCamera().getControl(key) }

    private func streamingCamera() throws(CameraError) -> Camera {
        guard let camera = session?.camera else { throw .invalidState("the camera is not streaming") }
        return camera
    }

    // MARK: Steps

    /// Opens, configures, warms up and starts the camera; false when the run was asked to stop
    /// meanwhile (the camera is closed again).
    @discardableResult
    private func openAndStart(returning: Bool = false) throws(CameraError) -> Bool {
        let began = clock.monotonicNanoseconds()
        let opened = try open()
        guard let format = opened.format else {
            opened.close()
            throw .invalidState("the camera was opened without a format")
        }
        onConfigured?(StreamInfo(identity: opened.camera.identity, format: format, appliedControls: opened.appliedControls,
                                 copy: opened.chosenMode?.copy, sound: opened.camera.streamSound))
        let configured = clock.monotonicNanoseconds()
        // The consumer is there before the capture thread starts: the first frame past the
        // warm-up is handed out at once. A camera on its own virtual clock (`pace=fast`) waits
        // for room rather than losing frames, so a deep queue only keeps more frames (and
        // pooled buffers) alive: two frames read ahead keep the encoder busy.
        let consumer = framesOnRequest ? nil
            : opened.addConsumer(capacity: opened.camera.pacesInRealTime ? queueCapacity : min(queueCapacity, 2))
        do {
            guard try opened.start(warmup: returning ? min(warmup, Self.returnWarmup) : warmup, deliverFrames: consumer != nil,
                                   cancelled: cancelled) else {
                opened.close()
                logger.debug("stopped during the camera's warm-up")
                return false
            }
        } catch {
            opened.close()
            throw error
        }
        logger.debug("camera opened and configured in \(Double(configured - began) / 1e9) s, streaming after \(Double(clock.monotonicNanoseconds() - began) / 1e9) s")
        session = opened
        queue = consumer
        pacesInRealTime = opened.camera.pacesInRealTime
        // Auto settings are locked after warm-up: take them as applied now.
        info = StreamInfo(identity: opened.camera.identity, format: format, appliedControls: opened.appliedControls,
                          copy: opened.chosenMode?.copy, sound: opened.camera.streamSound)
        frameRateInForce = format.fps
        lastFrameAt = clock.monotonicNanoseconds()
        return true
    }

    /// Closes the camera (releasing its descriptor and buffers) and starts watching for it.
    private func enterWaiting(_ loss: StreamLoss) -> StreamLoss {
        logger.debug("camera lost (\(loss.error)); releasing it")
        release()
        waiting = loss
        reopenFailure = nil
        backoff.reset()
        // A stream error restarts at once; a vanished camera is given a moment.
        nextAttempt = clock.monotonicNanoseconds() + (isStreamFailure(loss.error) ? 0 : backoff.nextDelay())
        return loss
    }

    private func release() {
        droppedBefore = droppedFrames
        queue = nil
        session?.close()
        session = nil
    }

    /// One reconnection attempt when it is due; otherwise waits (at most `timeout`) for it.
    private func reconnect(within timeout: Duration) -> StreamItem? {
        let now = clock.monotonicNanoseconds()
        guard now >= nextAttempt else {
            clock.sleep(untilMonotonic: min(nextAttempt, now + timeout.wholeNanoseconds))
            return nil
        }
        do {
            guard try openAndStart(returning: true) else { return nil }
        } catch {
            logger.debug("camera not back yet (\(Double(clock.monotonicNanoseconds() - now) / 1e9) s): \(error)")
            reopenFailure = error
            nextAttempt = clock.monotonicNanoseconds() + backoff.nextDelay()
            return nil
        }
        waiting = nil
        reopenFailure = nil
        logger.debug("camera reopened and warmed up in \(Double(clock.monotonicNanoseconds() - now) / 1e9) s")
        guard let format = info?.format else { return nil }
        logger.notice("camera back: \(info?.identity.path ?? "?") at \(format.width)x\(format.height)")
        return .returned(format)
    }

    private func isStreamFailure(_ error: CameraError) -> Bool {
        if case .streamFailed = error { return true }
        return false
    }

    /// A fatal stream error may be restarted three times a minute.
    private func countRestart(after error: CameraError) throws(CameraError) {
        let now = clock.monotonicNanoseconds()
        restarts = restarts.filter { now - $0 < 60_000_000_000 } + [now]
        guard restarts.count <= 3 else { throw error }
        logger.warning("\(error); restarting the stream (\(restarts.count) of 3 this minute)")
    }
}
