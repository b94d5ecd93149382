import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// A timed recording: frames go to a crash-safe movie file, split into gapless segments,
/// throttled under system pressure, surviving a camera that goes away and comes back.
///
/// Threading: the capture loop (`run`) owns every stored property; an `OpenSegment` is handed
/// over whole to the segment finaliser when it closes and never touched by the loop again.
final class RecordCapture: @unchecked Sendable {
    let context: RunContext
    let spec: RecordSpec
    let openSession: () throws(CameraError) -> CaptureSession
    let monitor: PressureMonitor
    let lag: EncoderLagSource
    let throttle: ThrottlePolicy

    private var session: CaptureSession?
    private var queue: FrameQueue?
    private var segment: OpenSegment?
    private var segmentIndex = 0
    private var limiter = FrameRateLimiter()
    private var requestedFPS: Double = 30
    private var level: PressureLevel = .nominal
    private var stillThread: StillsDuringRecording?
    private var streamRestarts: [Date] = []
    /// Finishing a segment (the encoder's flush and the remux to a plain MP4) and filing it
    /// happen here, in order, so the capture loop goes straight on with the next segment.
    private let finaliser = DispatchQueue(label: "camsched.segment-finaliser")

    /// What a segment's sidecar needs from the session, taken when the segment closes.
    struct SegmentContext: Sendable {
        var identity: CameraIdentity?
        var format: CameraFormat?
        var droppedNow: Int
        var discarded: Int
        var applied: AppliedControls?
    }

    /// One segment being written.
    struct OpenSegment: @unchecked Sendable {
        let writer: MovieWriter
        let partial: PartialFile
        let index: Int
        let startedAt: Date
        let droppedAtStart: Int
        let discardedAtStart: Int
    }

    init(context: RunContext, spec: RecordSpec, monitor: PressureMonitor, lag: EncoderLagSource, throttle: ThrottlePolicy,
         openSession: @escaping () throws(CameraError) -> CaptureSession) {
        self.context = context
        self.spec = spec
        self.monitor = monitor
        self.lag = lag
        self.throttle = throttle
        self.openSession = openSession
    }

    func run() throws(CameraError) {
        let durationNanos = spec.duration.nanosecondsValue
        let segmentNanos = spec.segment?.nanosecondsValue
        let endWall = Date().addingTimeInterval(spec.duration.secondsValue + context.job.camera.warmup.secondsValue)
        try startSession()
        requestedFPS = session?.format?.fps ?? 30
        var recordingStart: Int64?
        var lastSample = Date.distantPast
        var lastDiscarded = 0
        context.progress.update {
            $0.fpsTarget = self.requestedFPS
            $0.expectedEnd = Date().addingTimeInterval(self.spec.duration.secondsValue)
        }
        var framesInWindow = 0
        var windowStart = Date()
        defer { shutDownSession() }
        recording: while true {
            if context.stop.isRequested { break }
            // Pressure, once a second.
            let now = Date()
            if now.timeIntervalSince(lastSample) >= 1 {
                lastSample = now
                if applyPressure(now: now) == false { break }
                let elapsed = now.timeIntervalSince(windowStart)
                if elapsed >= 1 {
                    let actual = Double(framesInWindow) / elapsed
                    context.progress.update { $0.fpsActual = actual; $0.dropped = self.session?.camera.droppedFrames ?? 0 }
                    framesInWindow = 0
                    windowStart = now
                }
            }
            guard let queue else { break }
            let frame: VideoFrame?
            do {
                frame = try queue.pop(timeout: .milliseconds(250))
            } catch {
                if case .streamFailed = error, restartStream(after: error) { continue recording }
                if case .streamFailed = error {
                    context.fail("\(error)")
                    break recording
                }
                // The camera went away: file what we have, then wait for it to come back.
                if !handleLoss(error, until: endWall) { break recording }
                continue recording
            }
            guard let frame else {
                if Date() > endWall.addingTimeInterval(5) { break }
                continue
            }
            let ts = frame.timestampNanoseconds
            if recordingStart == nil { recordingStart = ts }
            guard let start = recordingStart else { continue }
            // Half a frame of slack: 30 fps is 33.333… ms, and frame 1800's stamp (59.99999994 s)
            // belongs to the 60 s boundary, not before it.
            let halfFrame = Int64(5e8 / max(requestedFPS, 1))
            if ts - start >= durationNanos - halfFrame { break }
            guard limiter.admit(timestamp: ts) else { continue }
            // A new segment at each boundary on the grid start + n·segment: the boundary frame
            // opens the next file, so no frame is lost or written twice.
            if let segmentNanos, let open = segment, ts - start >= Int64(open.index + 1) * segmentNanos - halfFrame {
                closeSegment()
                segmentIndex = Int((ts - start + halfFrame) / segmentNanos)
            }
            if segment == nil {
                do { try openSegment(firstFrame: frame) } catch {
                    context.fail("could not start a recording file: \(error)")
                    break
                }
            }
            let began = MonotonicClock.nanoseconds()
            do {
                try segment?.writer.append(frame)
            } catch {
                if RunContext.isDiskFull(error) {
                    // The partial cannot be finished on a full disk: remove it (nothing under a
                    // final name is touched); the segments before it are filed.
                    if let open = segment { open.writer.abandon(); context.filer.abandon(open.partial) }
                    segment = nil
                    context.diskFull(error)
                } else {
                    context.fail("encoding failed: \(error)")
                }
                break
            }
            framesInWindow += 1
            let discarded = queue.discardedFrames
            lag.record(encodeSeconds: Double(MonotonicClock.nanoseconds() - began) / 1e9, frameInterval: 1 / requestedFPS,
                       discardedSinceLast: discarded - lastDiscarded)
            lastDiscarded = discarded
            // That frame covers the time up to the next one: when that reaches the end, the
            // recording is complete (a file camera has no frame after its last to wait for).
            if ts - start + Int64(1e9 / max(requestedFPS, 1)) >= durationNanos - halfFrame { break }
        }
        closeSegment()
        stillThread?.finish()
        finaliser.sync {}
        return
    }

    // MARK: Session

    private func startSession() throws(CameraError) {
        let opened = try openSession()
        try opened.start(warmup: context.job.camera.warmup)
        session = opened
        queue = opened.addConsumer(capacity: 8)
        if let every = spec.stillsEvery {
            if stillThread == nil {
                stillThread = StillsDuringRecording(context: context, every: every)
            }
            stillThread?.attach(session: opened, queue: opened.addConsumer(capacity: 2))
        }
    }

    private func shutDownSession() {
        stillThread?.finish()
        session?.close()
        session = nil
        queue = nil
    }

    /// A fatal stream error (EIO): restart the stream, at most 3 times a minute.
    private func restartStream(after error: CameraError) -> Bool {
        let now = Date()
        streamRestarts = streamRestarts.filter { now.timeIntervalSince($0) < 60 } + [now]
        guard streamRestarts.count <= 3 else { return false }
        context.warn("\(error); restarting the stream (\(streamRestarts.count) of 3 this minute)")
        closeSegment()
        shutDownSession()
        do {
            try startSession()
            return true
        } catch {
            context.fail("could not restart the stream: \(error)")
            return false
        }
    }

    /// The camera went away. Files the open segment, runs `onCameraLost`, then tries to get
    /// the camera back (1 s back-off growing to 30 s) until `endWall`. Returns whether to go on.
    private func handleLoss(_ error: CameraError, until endWall: Date) -> Bool {
        let lostAt = Date()
        closeSegment()
        shutDownSession()
        let reason: String
        switch error {
        case .disconnected: reason = "disconnected"
        case .timeout: reason = "no frames"
        default: reason = "\(error)"
        }
        context.withState { $0.interruptions.append(Sidecar.Interruption(at: lostAt, reason: reason, resumedAt: nil)) }
        context.emit("interrupted", ["reason": reason, "message": "\(error)"])
        context.logger.warning("camera lost: \(error); waiting for it to come back")
        if let hook = context.job.hooks.onCameraLost {
            _ = context.hooks.start(hook, event: .cameraLost, context: HookContext(job: context.job.name, run: context.runID))
        }
        var delay = 1.0
        while Date() < endWall, !context.stop.isRequested {
            let wake = Date().addingTimeInterval(delay)
            while Date() < wake, !context.stop.isRequested { Thread.sleep(forTimeInterval: 0.1) }
            do {
                try startSession()
                let resumedAt = Date()
                context.withState { state in
                    if let last = state.interruptions.indices.last { state.interruptions[last].resumedAt = resumedAt }
                }
                context.emit("resumed", ["after": (resumedAt.timeIntervalSince(lostAt) * 1000).rounded() / 1000])
                context.logger.notice("camera back after \(String(format: "%.1f", resumedAt.timeIntervalSince(lostAt))) s")
                return true
            } catch {
                context.logger.debug("camera not back yet: \(error)")
            }
            delay = min(delay * 2, 30)
        }
        if !context.stop.isRequested {
            context.fail("the camera did not come back before the recording's planned end")
        }
        return false
    }

    // MARK: Pressure

    /// Samples pressure and applies the policy; returns false when the recording must stop.
    private func applyPressure(now: Date) -> Bool {
        let sample = monitor.sample(now: now)
        guard sample.changed || (level != sample.level) else { return true }
        level = sample.level
        guard let fps = throttle.fps(at: sample.level, requested: requestedFPS) else {
            context.withState { $0.pressure.append(Sidecar.PressureChange(at: now, level: sample.level.rawValue, fps: 0)) }
            context.emit("pressure", ["level": sample.level.rawValue, "fps": 0, "reason": sample.reason])
            context.fail("system pressure reached shutdown (\(sample.reason)); recording finalised and stopped")
            context.stop.request(.shutdown("pressure"))
            return false
        }
        let cameraRate = fps < requestedFPS ? session?.changeFrameRate(fps) : session?.changeFrameRate(requestedFPS)
        limiter.set(fps: fps < requestedFPS ? fps : nil)
        context.withState { $0.pressure.append(Sidecar.PressureChange(at: now, level: sample.level.rawValue, fps: fps)) }
        context.emit("pressure", ["level": sample.level.rawValue, "fps": fps, "reason": sample.reason,
                                  "method": cameraRate != nil ? "camera" : "dropping frames"])
        context.progress.update { $0.pressure = sample.level.rawValue; $0.fpsTarget = fps }
        context.logger.notice("pressure \(sample.level.rawValue) (\(sample.reason)): \(FrameRateText.format(fps)) fps")
        return true
    }

    // MARK: Segments

    private func openSegment(firstFrame: VideoFrame) throws {
        guard let session, let format = session.format else { return }
        let job = context.job
        let seq = context.nextSequence()
        let ext = spec.container == .mkv ? "mkv" : "mp4"
        let relative = context.relativePath(kind: .segment, seq: seq, date: Date(), device: session.camera.identity.card)
        let partial = try context.filer.reservePartial(relativePath: relative, extension: ext)
        let settings = VideoEncoderSettings(codec: CamschedMedia.VideoCodec(rawValue: spec.codec.rawValue) ?? .h264,
                                            encoderName: spec.encoder, quality: spec.quality, bitrate: spec.bitrate,
                                            preset: spec.preset, fps: format.fps, width: format.width, height: format.height,
                                            keyframeInterval: 1)
        let metadata = MovieMetadata(title: job.name, runID: context.runID, comment: "camsched \(CamschedVersion.current)",
                                     creationTime: Date())
        let writer: MovieWriter
        do {
            writer = try MovieWriter(path: partial.url, container: spec.container == .mkv ? .mkv : .mp4, settings: settings,
                                     inputFormat: format.pixelFormat, rotation: job.camera.rotation, mirror: job.camera.mirror,
                                     metadata: metadata, fragmentDuration: 0.5, timestampOrigin: firstFrame.timestampNanoseconds)
        } catch {
            context.filer.abandon(partial)
            throw error
        }
        segment = OpenSegment(writer: writer, partial: partial, index: segmentIndex, startedAt: Date(),
                              droppedAtStart: session.camera.droppedFrames, discardedAtStart: queue?.discardedFrames ?? 0)
    }

    private func closeSegment() {
        guard let open = segment else { return }
        segment = nil
        let snapshot = SegmentContext(identity: session?.camera.identity, format: session?.format,
                                      droppedNow: session?.camera.droppedFrames ?? open.droppedAtStart,
                                      discarded: queue?.discardedFrames ?? 0, applied: session?.appliedControls)
        finaliser.async { [self] in finalise(open, snapshot) }
    }

    private func finalise(_ open: OpenSegment, _ snapshot: SegmentContext) {
        // A finished segment frees its encoder's and remuxer's buffers: hand them back to the
        // system, so that a recording of days does not keep the high-water mark of each one.
        defer { MemoryTrim.releaseFreedMemory() }
        let stats: MovieStats
        do {
            stats = try open.writer.finish()
        } catch {
            context.filer.abandon(open.partial)
            if RunContext.isDiskFull(error) { context.diskFull(error) } else {
                context.fail("could not finish \(open.partial.relativePath): \(error)")
            }
            return
        }
        guard stats.framesWritten > 0 else {
            context.filer.abandon(open.partial)
            return
        }
        let location: FiledLocation
        do { location = try context.filer.commit(open.partial) } catch {
            if case .diskFull = error { context.diskFull(error) } else { context.fail("\(error)") }
            return
        }
        let job = context.job
        let endedAt = Date()
        var sidecar = Sidecar(job: job.name, run: context.runID, kind: .segment, file: location.relativePath, bytes: location.bytes,
                              sha256: location.sha256, startedAt: open.startedAt, endedAt: endedAt, host: RunContext.hostName,
                              camschedVersion: CamschedVersion.current)
        if let identity = snapshot.identity {
            sidecar.device = Sidecar.Device(path: identity.path, card: identity.card, driver: identity.driver, bus: identity.bus)
        }
        if let format = snapshot.format {
            sidecar.format = Sidecar.Format(pixelFormat: format.pixelFormat.description, width: format.width, height: format.height)
            sidecar.fps = Sidecar.FrameRate(requested: job.camera.fps ?? requestedFPS, actual: format.fps)
        }
        sidecar.frames = stats.framesWritten
        sidecar.droppedFrames = max(0, snapshot.droppedNow - open.droppedAtStart) + max(0, snapshot.discarded - open.discardedAtStart)
        if let first = stats.firstSequence, let last = stats.lastSequence {
            sidecar.sequence = Sidecar.SequenceRange(first: Int64(first), last: Int64(last))
        }
        sidecar.encoder = Sidecar.Encoder(name: stats.encoderName, codec: spec.codec.rawValue, quality: spec.quality,
                                          bitrate: spec.bitrate.map(Int64.init), preset: spec.preset)
        sidecar.pressure = context.pressureLog
        sidecar.interruptions = context.interruptionLog
        sidecar.segment = open.index
        sidecar.firstPts = stats.firstPts
        sidecar.lastPts = stats.lastPts
        sidecar.ptsTimeBase = "1/\(stats.timeBaseDenominator)"
        if let applied = snapshot.applied {
            sidecar.exposure = applied.exposure.map { .text($0) }
            sidecar.focus = applied.focus.map { .text($0) }
            sidecar.whiteBalance = applied.whiteBalance.map { .text($0) }
        }
        guard FilingSteps(context: context).complete(location: location, sidecar: sidecar, kind: .segment) else { return }
        context.withState { $0.segmentsFiled += 1 }
        context.emit("segment", ["file": location.relativePath, "segment": open.index, "frames": stats.framesWritten,
                                 "bytes": location.bytes, "duration": stats.durationSeconds, "encoder": stats.encoderName])
        RetentionStep(context: context).apply()
    }
}

/// Files a still every so often from a running recording, on its own thread and its own
/// frame queue, so the recording is not disturbed.
final class StillsDuringRecording: @unchecked Sendable {
    let context: RunContext
    let every: Duration
    private let lock = NSLock()
    private var thread: Thread?
    private var nextDue: Int64?
    private var attached: (CaptureSession, FrameQueue)?
    private let done = DispatchSemaphore(value: 0)
    private var running = false

    init(context: RunContext, every: Duration) {
        self.context = context
        self.every = every
    }

    func attach(session: CaptureSession, queue: FrameQueue) {
        lock.withLock { attached = (session, queue) }
        guard lock.withLock({ !running }) else { return }
        lock.withLock { running = true }
        let thread = Thread { [self] in loop() }
        thread.name = "camsched.stills"
        self.thread = thread
        thread.start()
    }

    private func loop() {
        while !context.stop.isRequested, lock.withLock({ running }) {
            guard let (session, queue) = lock.withLock({ attached }) else { Thread.sleep(forTimeInterval: 0.05); continue }
            guard let frame = try? queue.pop(timeout: .milliseconds(200)) else {
                if queue.isDrained { lock.withLock { if attached?.1 === queue { attached = nil } } }
                continue
            }
            let due = nextDue ?? frame.timestampNanoseconds
            guard frame.timestampNanoseconds >= due else { continue }
            nextDue = due + every.nanosecondsValue
            let wall = Date()
            StillFiler(context: context, session: session).file(frame, kind: .still, scheduledAt: nil, startedAt: wall)
        }
        done.signal()
    }

    func finish() {
        let wasRunning = lock.withLock { () -> Bool in
            let was = running
            running = false
            return was
        }
        if wasRunning { done.wait() }
    }
}
