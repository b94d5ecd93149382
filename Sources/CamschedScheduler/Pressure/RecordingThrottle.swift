import CamschedCapture
import CamschedCore
import CamschedMedia
import Foundation

/// Frame-rate throttling of a recording under system pressure: samples the monitor once a
/// second, lowers the rate (at the camera when it can change it while streaming, else by
/// dropping frames on a grid — whole GOPs of a copied H.264 stream, whose frames depend on
/// each other), and stops the recording at `shutdown`.
struct RecordingThrottle {
    let monitor: PressureMonitor
    let policy: ThrottlePolicy
    let lag: EncoderLagSource
    /// The rate the camera was configured with (the job's), once it was configured.
    private(set) var requestedFPS: Double = 30
    private(set) var fpsInForce: Double = 30
    /// Whether ``start(requestedFPS:)`` has been told the configured rate.
    private(set) var isStarted = false
    private var limiter = FrameRateLimiter()
    private var gops = GOPRateLimiter()
    /// Set at the first H.264 frame (a copy): its keyframes, and that GOPs are what is dropped.
    private var keyframes: KeyframeDetector?
    /// Whether the camera lowered its own rate (then nothing needs dropping).
    private var atCamera = false
    private var level: PressureLevel = .nominal
    private var lastSample: Int64?

    init(monitor: PressureMonitor, policy: ThrottlePolicy, lag: EncoderLagSource) {
        self.monitor = monitor
        self.policy = policy
        self.lag = lag
    }

    /// Takes the rate the camera was configured with, the first time it is configured — which
    /// is known before the stream's warm-up, so a camera lost during its warm-up still leaves
    /// the throttle with the job's rate (not a guess that it would later ask the camera for).
    /// A level already in force (sampled while the camera was away) is applied to it.
    /// `pixelFormat` is the camera's: H.264 frames (a copy) are left out by whole GOPs.
    mutating func start(requestedFPS fps: Double, pixelFormat: FourCC? = nil) {
        if pixelFormat == .h264, keyframes == nil { keyframes = try? KeyframeDetector(format: .h264) }
        guard !isStarted, fps > 0, fps.isFinite else { return }
        isStarted = true
        requestedFPS = fps
        fpsInForce = policy.fps(at: level, requested: fps) ?? fps
        limiter.set(fps: fpsInForce < fps ? fpsInForce : nil)
        gops.set(fps: fpsInForce < fps ? fpsInForce : nil, requested: fps)
    }

    /// Whether to keep a frame at the rate in force.
    mutating func admit(_ timestamp: Int64) -> Bool { limiter.admit(timestamp: timestamp) }

    /// Whether to keep `frame` at the rate in force: a copied H.264 frame with its GOP.
    /// Unthrottled (or slowed at the camera) every frame passes without being parsed: the
    /// copier parses it once anyway.
    mutating func admit(_ frame: VideoFrame) -> Bool {
        guard frame.pixelFormat == .h264 else { return admit(frame.timestampNanoseconds) }
        if atCamera || !gops.isLimiting { return true }
        if keyframes == nil { keyframes = try? KeyframeDetector(format: .h264) }
        let isKeyframe = keyframes?.isKeyframe(frame.bytes) ?? true
        return gops.admit(timestamp: frame.timestampNanoseconds, isKeyframe: isKeyframe)
    }

    /// Whether whole GOPs are left out (a copied H.264 stream the camera could not slow down):
    /// the frames that are kept then come at the full rate.
    private var dropsGOPs: Bool { keyframes != nil && !atCamera && fpsInForce < requestedFPS }

    /// Samples pressure when a second has passed and applies the policy. Returns false when
    /// the recording must stop (pressure reached `shutdown`).
    mutating func tick(report: RunReporter, stop: StopSignal, stream: any FrameStream, recorder: MovieRecorder?) -> Bool {
        let now = report.clock.monotonicNanoseconds()
        if let last = lastSample, now - last < 1_000_000_000 { return true }
        lastSample = now
        let wall = report.clock.now()
        let sample = monitor.sample(now: wall)
        guard sample.changed || level != sample.level else { return true }
        level = sample.level
        guard let fps = policy.fps(at: sample.level, requested: requestedFPS) else {
            report.publish(.pressureChanged(.init(at: wall, level: sample.level, fps: 0, reason: sample.reason,
                                                   method: .stopped)))
            report.fail("system pressure reached shutdown (\(sample.reason)); recording finalised and stopped")
            stop.request(.shutdown("pressure"))
            return false
        }
        atCamera = stream.changeFrameRate(fps < requestedFPS ? fps : requestedFPS) != nil
        limiter.set(fps: fps < requestedFPS ? fps : nil)
        gops.set(fps: fps < requestedFPS ? fps : nil, requested: requestedFPS)
        fpsInForce = fps
        recorder?.setFrameRate(dropsGOPs ? requestedFPS : fps)
        let method: RunEvent.ThrottleMethod = atCamera ? .camera : keyframes != nil ? .droppingGOPs : .droppingFrames
        report.publish(.pressureChanged(.init(at: wall, level: sample.level, fps: fps, reason: sample.reason, method: method)))
        return true
    }
}
