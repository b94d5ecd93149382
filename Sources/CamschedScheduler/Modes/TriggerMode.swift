import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// Triggered clips: the stream is encoded continuously into a pre-roll ring (``ClipRecorder``);
/// motion (``MotionDetector`` on a small luma picture of the frames the stream has anyway) or
/// an external trigger opens a clip that starts at the keyframe at or before `event − preRoll`,
/// is extended by motion within `postRoll`, and is split at `maxClip`. After a clip, no event
/// starts for `cooldown`. Throttled under pressure as `record`; a lost camera ends the open
/// clip (it is filed) and the job waits for the camera.
///
/// All times are the frames' capture times, so a file camera replayed fast behaves as in real time.
final class TriggerMode: CaptureMode {
    let context: RunContext
    let spec: TriggerSpec
    var throttle: RecordingThrottle
    let filing: SegmentFiling
    let external: ExternalTriggers
    var recorder: ClipRecorder?
    var recorderError: (any Error)?
    var watcher: MotionWatcher?
    var tracker = InterruptionTracker()
    var start: Int64?
    var giveUpAt: Int64 = .max
    /// The event whose clip is open, and when its clip ends (the last motion + postRoll).
    var event: (info: Sidecar.Event, end: Int64)?
    var cooldownUntil: Int64 = .min
    var finished = false

    init(context: RunContext, spec: TriggerSpec, throttle: RecordingThrottle, external: ExternalTriggers = .shared) {
        self.context = context
        self.spec = spec
        self.throttle = throttle
        self.external = external
        filing = SegmentFiling(context: context, spec: spec.encoding, kind: .clip)
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
        context.progress.update { $0.fpsTarget = self.throttle.isStarted ? self.throttle.requestedFPS : nil }
        loop(stream)
    }

    private func loop(_ stream: any FrameStream) {
        while !finished, !context.stop.isRequested, throttle.tick(context: context, stream: stream, writer: nil) {
            let item: StreamItem?
            do { item = try stream.next(timeout: .milliseconds(250)) } catch {
                endOfStream(error)
                return
            }
            switch item {
            case let .frame(frame)?:
                process(frame, stream: stream)
            case let .lost(loss)?:
                cameraLost()
                tracker.lost(loss, context: context)
            case .returned?:
                tracker.returned(context: context)
            case nil:
                let pastUntil = spec.until.map { context.clock.now() >= $0 } ?? false
                if tracker.isWaiting, pastUntil || context.clock.monotonicNanoseconds() > giveUpAt {
                    context.fail("the camera did not come back before the job's planned end")
                    return
                }
                if pastUntil { return }
            }
        }
    }

    /// Sets up the recorder (and logs its memory bound) when the camera is configured.
    private func configured(_ info: StreamInfo) {
        filing.use(info)
        // The job's rate, known here even when the camera is lost during its first warm-up.
        throttle.start(requestedFPS: info.format.fps)
        guard recorder == nil else { return }
        let configuration = TriggerSettings.recorder(spec: spec, info: info, context: context)
        let created = ClipRecorder(configuration, files: filing)
        recorder = created
        do { try created.prepare() } catch { recorderError = error }
        if let motion = spec.motion { watcher = MotionWatcher(spec: motion, fps: info.format.fps, context: context) }
        context.logger.info("\(TriggerSettings.memoryBound(spec: spec, info: info))")
    }

    /// The stream ended for good: a file camera's video is over (the job is complete), or the camera failed.
    private func endOfStream(_ error: CameraError) {
        if case .endOfStream = error { return }
        context.fail("\(error)")
    }

    private func cameraLost() {
        guard let recorder else { return }
        do { handle(try recorder.cameraLost()) } catch { failWriting(error) }
        event = nil
        watcher?.reset()
    }
}
