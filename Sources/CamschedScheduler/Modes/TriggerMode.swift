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
    let spec: TriggerSpec
    let job: Job
    let report: RunReporter
    let stop: StopSignal
    let runFiling: RunFiling
    /// Where `--debug-motion` writes its mask; nil: no debug output.
    let motionDebugFolder: URL?
    let servesTriggerSocket: Bool
    var throttle: RecordingThrottle
    let filing: SegmentFiling
    let external: ExternalTriggers
    var recorder: MovieRecorder?
    var recorderError: (any Error)?
    let sound: RecordingSound?
    var watcher: MotionWatcher?
    /// Pictures of a copied stream's compressed frames, for motion and stills (nil: raw frames).
    var pictures: CompressedFrameDecoder?
    var tracker = InterruptionTracker()
    var start: Int64?
    var giveUpAt: Int64 = .max
    var cooldownUntil: Int64 = .min
    var finished = false

    init(spec: TriggerSpec, job: Job, options: RunOptions, report: RunReporter, stop: StopSignal, filing: RunFiling,
         throttle: RecordingThrottle, external: ExternalTriggers = .shared) {
        self.spec = spec
        self.job = job
        self.report = report
        self.stop = stop
        runFiling = filing
        motionDebugFolder = options.debugMotion ? filing.root : nil
        servesTriggerSocket = options.triggerSocket
        self.throttle = throttle
        self.external = external
        self.filing = SegmentFiling(filing: filing, spec: spec.encoding, kind: .clip)
        sound = RecordingSound(spec: job.camera.audio, report: report)
    }

    func run(_ stream: any FrameStream) throws(CameraError) {
        let warmup = stream.warmup.wholeNanoseconds
        giveUpAt = spec.duration.map { report.clock.monotonicNanoseconds() + $0.wholeNanoseconds + warmup } ?? .max
        stream.onConfigured = { [unowned self] info in self.configured(info) }
        external.register(job: job.name, external: spec.external)
        let socket = servesTriggerSocket ? TriggerSocket.serve(job: job.name, triggers: external, logger: report.logger) : nil
        defer {
            socket?.stop()
            external.unregister(job: job.name)
            sound?.stop(into: recorder)
            handle(recorder?.finish() ?? [])
            stream.stop()
        }
        try stream.start()
        if let recorderError {
            report.fail("could not start the encoder: \(recorderError)")
            return
        }
        report.publish(.planned(.init(fps: throttle.isStarted ? throttle.requestedFPS : nil)))
        pump(stream)
    }

    func take(_ frame: VideoFrame, stream: any FrameStream) -> Bool {
        process(frame, stream: stream)
        return !finished
    }

    /// Nothing came: over when `until` has passed, failed when the camera stayed away past the end.
    func quiet(_ stream: any FrameStream) -> Bool {
        let pastUntil = spec.until.map { report.clock.now() >= $0 } ?? false
        if tracker.isWaiting, pastUntil || report.clock.monotonicNanoseconds() > giveUpAt {
            report.fail(InterruptionTracker.notBack(before: "the job's planned end", failure: stream.reopenFailure))
            return false
        }
        return !pastUntil
    }

    /// Sets up the recorder (and logs its memory bound) when the camera is configured.
    private func configured(_ info: StreamInfo) {
        filing.use(info)
        // The job's rate, known here even when the camera is lost during its first warm-up.
        throttle.start(requestedFPS: info.format.fps, pixelFormat: info.format.pixelFormat)
        if StreamCopier.copyable.contains(info.format.pixelFormat), spec.motion != nil || spec.still {
            pictures = try? CompressedFrameDecoder(format: info.format.pixelFormat)
        }
        sound?.rejoin(info.sound)
        guard recorder == nil else { return }
        if let reason = filing.encoderReason(info) { report.logger.notice("codec \(reason)") }
        var configuration = TriggerSettings.recorder(spec: spec, info: info, camera: job.camera, metadata: runFiling.movieMetadata())
        configuration.faststart = job.output.faststart
        do {
            configuration.sound = try sound?.open(beside: info.identity, stream: info.sound)
            let created = try MovieRecorder(configuration, files: filing)
            recorder = created
            try created.prepare()
        } catch {
            recorderError = error
        }
        if let motion = spec.motion { watcher = MotionWatcher(spec: motion, fps: info.format.fps, report: report, debugFolder: motionDebugFolder) }
        report.logger.info("\(TriggerSettings.memoryBound(spec: spec, info: info))")
    }

    /// The stream ended for good: a file camera's video is over (the job is complete), or the camera failed.
    func endOfStream(_ error: CameraError) {
        if case .endOfStream = error { return }
        report.fail("\(error)")
    }

    func cameraLost() -> Bool {
        guard let recorder else { return true }
        do { handle(try recorder.cameraLost()) } catch { failWriting(error) }
        filing.use(event: nil)
        watcher?.reset()
        return !finished
    }
}
