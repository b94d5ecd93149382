import CamschedCapture
import CamschedCore
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// Triggered clips: the stream is encoded continuously into a pre-roll ring (``MovieRecorder``
/// cutting clips);
/// motion (``MotionDetector`` on a small luma picture of the frames the stream has anyway) or
/// an external trigger opens a clip that starts at the keyframe at or before `event − preRoll`,
/// is extended by motion within `postRoll`, and is split at `maxClip`. After a clip, no event
/// starts for `cooldown`. Throttled under pressure as `record`; a lost camera ends the open
/// clip (it is filed) and the job waits for the camera.
///
/// All times are the frames' capture times, so a file camera replayed fast behaves as in real time.
final class TriggerMode: CaptureMode, StreamingMode {
    let context: RunContext
    let spec: TriggerSpec
    var throttle: RecordingThrottle
    let filing: SegmentFiling
    let external: ExternalTriggers
    var recorder: MovieRecorder?
    var recorderError: (any Error)?
    var watcher: MotionWatcher?
    var tracker = InterruptionTracker()
    var start: Int64?
    var giveUpAt: Int64 = .max
    /// The event whose clip is open (the recorder holds when the clip ends).
    var event: Sidecar.Event?
    var cooldownUntil: Int64 = .min
    var finished = false

    init(context: RunContext, spec: TriggerSpec, throttle: RecordingThrottle, external: ExternalTriggers = .shared) {
        self.context = context
        self.spec = spec
        self.throttle = throttle
        self.external = external
        filing = SegmentFiling(filing: context.filing, spec: spec.encoding, kind: .clip)
    }

    func run(_ stream: any FrameStream) throws(CameraError) {
        let warmup = stream.warmup.nanosecondsValue
        giveUpAt = spec.duration.map { context.clock.monotonicNanoseconds() + $0.nanosecondsValue + warmup } ?? .max
        stream.onConfigured = { [unowned self] info in self.configured(info) }
        external.register(job: context.job.name, external: spec.external)
        let socket = context.options.triggerSocket
            ? TriggerSocket.serve(job: context.job.name, triggers: external, logger: context.logger) : nil
        defer {
            socket?.stop()
            external.unregister(job: context.job.name)
            handle(recorder?.finish() ?? [])
            stream.stop()
        }
        try stream.start()
        if let recorderError {
            context.fail("could not start the encoder: \(recorderError)")
            return
        }
        context.publish(.planned(.init(fps: throttle.isStarted ? throttle.requestedFPS : nil)))
        pump(stream)
    }

    func take(_ frame: VideoFrame, stream: any FrameStream) -> Bool {
        process(frame, stream: stream)
        return !finished
    }

    /// Nothing came: over when `until` has passed, failed when the camera stayed away past the end.
    func quiet() -> Bool {
        let pastUntil = spec.until.map { context.clock.now() >= $0 } ?? false
        if tracker.isWaiting, pastUntil || context.clock.monotonicNanoseconds() > giveUpAt {
            context.fail("the camera did not come back before the job's planned end")
            return false
        }
        return !pastUntil
    }

    /// Sets up the recorder (and logs its memory bound) when the camera is configured.
    private func configured(_ info: StreamInfo) {
        filing.use(info)
        // The job's rate, known here even when the camera is lost during its first warm-up.
        throttle.start(requestedFPS: info.format.fps)
        guard recorder == nil else { return }
        let configuration = TriggerSettings.recorder(spec: spec, info: info, context: context)
        do {
            let created = try MovieRecorder(configuration, files: filing)
            recorder = created
            try created.prepare()
        } catch {
            recorderError = error
        }
        if let motion = spec.motion { watcher = MotionWatcher(spec: motion, fps: info.format.fps, context: context) }
        context.logger.info("\(TriggerSettings.memoryBound(spec: spec, info: info))")
    }

    /// The stream ended for good: a file camera's video is over (the job is complete), or the camera failed.
    func endOfStream(_ error: CameraError) {
        if case .endOfStream = error { return }
        context.fail("\(error)")
    }

    func cameraLost() -> Bool {
        guard let recorder else { return true }
        do { handle(try recorder.cameraLost()) } catch { failWriting(error) }
        event = nil
        watcher?.reset()
        return !finished
    }
}
