import CamschedCapture
import CamschedCore
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// A timed recording (or one until stopped): frames go to a ``MovieRecorder`` cutting segments
/// (crash-safe files, gapless; on the wall clock's grid when aligned), throttled under system
/// pressure; a lost camera closes the open file at its last frame and a new one starts when the
/// camera is back, the gap recorded in `interruptions` (a recording until stopped waits for it
/// as long as it takes).
final class RecordMode: CaptureMode, StreamingMode {
    let spec: RecordSpec
    let camera: CameraSettings
    /// The job's zone: clock-aligned segments begin on its wall clock's multiples.
    let timeZone: TimeZone
    let report: RunReporter
    let stop: StopSignal
    let runFiling: RunFiling
    var throttle: RecordingThrottle
    private let filing: SegmentFiling
    private(set) var recorder: MovieRecorder?
    private let sound: RecordingSound?
    private var writerError: (any Error)?
    private var stills: StillSchedule?
    var tracker = InterruptionTracker()
    private var start: CaptureTimeline?
    private var giveUpAt: Int64 = .max
    /// The frames written since `since` (the first frame written, then each `rate` event), for
    /// the `rate` event once a second; nil `since` before the first frame.
    private var window = (frames: 0, since: Int64?.none, discarded: 0)
    /// Nanoseconds to record; for a recording until stopped, a time no run reaches (a
    /// quarter of Int64's range, ~73 years: room to add to monotonic times without overflow).
    private let duration: Int64

    init(spec: RecordSpec, camera: CameraSettings, timeZone: TimeZone = .current, report: RunReporter, stop: StopSignal,
         filing: RunFiling, throttle: RecordingThrottle) {
        self.spec = spec
        self.camera = camera
        self.timeZone = timeZone
        self.report = report
        self.stop = stop
        runFiling = filing
        self.throttle = throttle
        self.filing = SegmentFiling(filing: filing, spec: spec)
        sound = RecordingSound(spec: camera.audio, report: report)
        duration = spec.duration?.wholeNanoseconds ?? Int64.max / 4
    }

    func run(_ stream: any FrameStream) throws(CameraError) {
        giveUpAt = report.clock.monotonicNanoseconds() + duration + stream.warmup.wholeNanoseconds
        stream.onConfigured = { [unowned self] info in self.configured(info) }
        defer {
            sound?.stop(into: recorder)
            recorder?.finish()
            stills?.finish()
            stream.stop()
        }
        try stream.start()
        if let writerError {
            report.fail("could not start a recording file: \(writerError)")
            return
        }
        report.publish(.planned(.init(endsAt: spec.duration.map { report.clock.now().addingTimeInterval($0.secondsValue) },
                                       fps: throttle.isStarted ? throttle.requestedFPS : nil)))
        pump(stream)
    }

    func take(_ frame: VideoFrame, stream: any FrameStream) -> Bool { record(frame, stream: stream) }

    func cameraLost() -> Bool {
        do { _ = try recorder?.cameraLost() } catch {
            reportWriteFailure(error)
            return false
        }
        return true
    }

    func quiet(_ stream: any FrameStream) -> Bool { !waitedTooLong(stream) }

    /// Opens the next file as soon as the camera is configured, before it streams.
    private func configured(_ info: StreamInfo) {
        filing.use(info)
        // The job's rate, from the configuration as the file's: `stream.info` has none yet
        // when the camera is lost during its first warm-up.
        throttle.start(requestedFPS: info.format.fps, pixelFormat: info.format.pixelFormat)
        if recorder == nil, let reason = filing.encoderReason(info) { report.logger.notice("codec \(reason)") }
        sound?.rejoin(info.sound)
        do {
            if recorder == nil {
                var configuration = configuration(for: info)
                configuration.sound = try sound?.open(beside: info.identity, stream: info.sound)
                recorder = try MovieRecorder(configuration, files: filing)
            }
            try recorder?.prepare()
        } catch {
            writerError = error
        }
    }

    private func configuration(for info: StreamInfo) -> MovieRecorder.Configuration {
        let format = info.format
        let settings = VideoEncoderSettings(codec: spec.codec, encoderName: spec.encoder, quality: spec.quality, bitrate: spec.bitrate,
                                            preset: spec.preset, fps: format.fps, width: format.width, height: format.height,
                                            keyframeInterval: 1)
        let metadata = runFiling.movieMetadata()
        var configuration = MovieRecorder.Configuration(settings: settings, container: spec.container,
                                                        inputFormat: format.pixelFormat, rotation: camera.rotation,
                                                        mirror: camera.mirror, metadata: metadata,
                                                        cuts: .segments(lengthNanoseconds: spec.segment?.wholeNanoseconds,
                                                                        clockZone: spec.alignsSegments ? timeZone : nil))
        configuration.copiesCameraStream = spec.copiesCameraStream || info.copy?.copies == true
        configuration.faststart = runFiling.job.output.faststart
        return configuration
    }

    /// Writes one frame; false when the recording is complete or cannot go on.
    private func record(_ frame: VideoFrame, stream: any FrameStream) -> Bool {
        let ts = frame.timestampNanoseconds
        if start == nil {
            start = CaptureTimeline(anchoredAt: frame)
            if stream.pacesInRealTime { giveUpAt = ts + duration }
            if let every = spec.stillsEvery { stills = StillSchedule(report: report, filing: runFiling, every: every.wholeNanoseconds, duration: duration) }
        }
        guard let start else { return false }
        // Half a frame of slack: frame 1800 at 30 fps (59.99999994 s) belongs to the 60 s end.
        let halfFrame = Int64(5e8 / max(throttle.requestedFPS, 1))
        let elapsed = ts - start.anchorNanoseconds
        if elapsed >= duration - halfFrame { return false }
        if let stills, let info = stream.info {
            stills.offer(frame, elapsed: elapsed, recording: start, info: info, dropped: stream.droppedFrames(before: frame))
        }
        // Sound is taken at every frame, admitted or not: throttling lowers the frame rate only.
        do { try sound?.feed(recorder, before: frame.timestampNanoseconds) } catch {
            reportWriteFailure(error)
            return false
        }
        guard throttle.admit(frame) else {
            recorder?.skip(frame)
            return true
        }
        guard write(frame, stream: stream) else { return false }
        // That frame covers the time up to the next one: when that reaches the end, the
        // recording is complete (a file camera has no frame after its last to wait for).
        return elapsed + Int64(1e9 / max(throttle.fpsInForce, 1)) < duration - halfFrame
    }

    private func write(_ frame: VideoFrame, stream: any FrameStream) -> Bool {
        let began = report.clock.monotonicNanoseconds()
        do {
            try recorder?.append(frame)
        } catch {
            reportWriteFailure(error)
            return false
        }
        let now = report.clock.monotonicNanoseconds()
        let dropped = stream.droppedFrames
        throttle.lag.record(encodeSeconds: Double(now - began) / 1e9, frameInterval: 1 / throttle.requestedFPS,
                            discardedSinceLast: max(0, dropped - window.discarded))
        window.discarded = dropped
        // The first frame opens the first second: measured from the clock's origin instead, the
        // first rate was one frame over the machine's uptime (the line showed "fps 0.0").
        guard let since = window.since else {
            window.since = now
            return true
        }
        window.frames += 1
        if now - since >= 1_000_000_000 {
            let actual = Double(window.frames) * 1e9 / Double(now - since)
            report.publish(.rate(.init(fps: actual, droppedFrames: dropped)))
            window = (0, now, dropped)
        }
        return true
    }

    /// True when the camera stayed away (or silent) past the recording's planned end.
    private func waitedTooLong(_ stream: any FrameStream) -> Bool {
        let now = report.clock.monotonicNanoseconds()
        if tracker.isWaiting, now > giveUpAt {
            report.fail(InterruptionTracker.notBack(before: "the recording's planned end", failure: stream.reopenFailure))
            return true
        }
        return now > giveUpAt + 5_000_000_000
    }

    /// The stream ended for good: a file camera's video is over, or the camera failed.
    func endOfStream(_ error: CameraError) {
        if case .endOfStream = error {
            report.fail("\(error) before the recording's planned end" + (spec.duration.map { " of \($0.secondsValue) s" } ?? ""))
        } else {
            report.fail("\(error)")
        }
    }
}
