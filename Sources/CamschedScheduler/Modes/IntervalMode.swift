import CamschedCore
import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// Interval (time-lapse) shots: shot k is due at first + k·every on the monotonic clock —
/// never "sleep every" — and takes the first frame captured at or after its due time. Shots are
/// taken while they lie before the end (``IntervalSpec/plannedShots(start:first:)``, the rule
/// `plan` uses too). A shot later than one period is skipped and counted, not bunched.
final class IntervalMode: CaptureMode {
    let spec: IntervalSpec
    /// The job's time zone: what an aligned grid is aligned to.
    let timeZone: TimeZone
    let report: RunReporter
    let stop: StopSignal
    let filing: RunFiling
    /// System pressure: at `critical` and above the camera is closed between shots whatever
    /// `keepOpen` says (a closed camera draws no power and makes no heat).
    let monitor: PressureMonitor?
    /// The exposure / white-balance ramp, when the job has one: metered and stepped before each shot.
    let ramp: ExposureRampDriver?
    /// Measures the brightness of stills without a ramp.
    private let meter = FrameMeter()
    /// Where the job is: each still's `light.sunElevation`.
    let sun: SolarCalculator?
    /// The ramp needs to find the camera's controls again (the stream was started or came back).
    private var rampNeedsAttach = true
    /// The run's first shot is metered until on target (``ExposureRampDriver/convergeCycles``).
    private var rampConverged = false
    /// When ``convergeRamp(_:)`` last wrote, if its frames had no time to settle: the first
    /// shot's metering skips the settling frames after it.
    private var rampWrittenAt = Int64.min
    /// The stills filed, kept only when the run assembles them into a video.
    private(set) var filed: [FiledLocation] = []

    var assembly: (fps: Double, stills: [FiledLocation])? { spec.assembleFPS.map { ($0, filed) } }
    private var grid = ShotGrid(startMono: 0, startWall: Date(), every: 1)
    private var tracker = InterruptionTracker()
    private var streaming = false
    /// The stream's lost frames as last published in a `rate` event (published when it grows).
    private var droppedReported = 0
    private var keepOpen: Bool
    private var idleRate = IdleFrameRate()
    /// The rate the camera delivers, for the warning of shots skipped because frames came too slowly.
    private var delivered = DeliveredFrameRate()

    init(spec: IntervalSpec, timeZone: TimeZone, report: RunReporter, stop: StopSignal, filing: RunFiling,
         monitor: PressureMonitor?, ramp: ExposureRampDriver? = nil, location: GeoLocation? = nil) {
        self.spec = spec
        self.timeZone = timeZone
        self.report = report
        self.stop = stop
        self.filing = filing
        self.monitor = monitor
        self.ramp = ramp
        sun = location.map(SolarCalculator.init(location:))
        keepOpen = spec.keepsStreamOpen
    }

    func run(_ stream: any FrameStream) throws(CameraError) {
        defer { stream.stop() }
        if keepOpen {
            try stream.start()
            streaming = true
            try convergeRamp(stream)
        }
        let planned = makeGrid()
        report.publish(.planned(.init(captures: planned, endsAt: planned.map { grid.wall(max(0, $0 - 1)) })))
        var k = 0
        while planned.map({ k < $0 }) ?? true, !stop.isRequested {
            samplePressure(stream)
            if let behind = grid.shotsBehind(k, now: report.clock.monotonicNanoseconds()), stream.pacesInRealTime {
                let (skip, now) = (min(behind, (planned ?? .max) - k), report.clock.monotonicNanoseconds())
                let cause = delivered.cause(stream: stream, framesPerShot: ramp == nil ? 1 : ExposureRampDriver.framesPerShot,
                                            every: grid.every, now: now)
                report.publish(.skipped(count: skip, lateSeconds: grid.lateness(k, now: now), cause: cause))
                k += skip
                continue
            }
            guard try shoot(k, stream: stream) else { continue }
            k += 1
            if !keepOpen {
                stream.stop()
                streaming = false
            }
            RetentionStep(filing: filing).apply()
        }
    }

    /// The grid: start now (or, with align, at the next wall-clock multiple of `every`).
    private func makeGrid() -> Int? {
        let startWall = report.clock.now()
        var startMono = report.clock.monotonicNanoseconds()
        var first = startWall
        if spec.align {
            first = IntervalAlignment.firstShot(atOrAfter: startWall, every: spec.every, timeZone: timeZone)
            startMono += Int64(first.timeIntervalSince(startWall) * 1e9)
        }
        grid = ShotGrid(startMono: startMono, startWall: first, every: spec.every.wholeNanoseconds)
        return spec.plannedShots(start: startWall, first: first)
    }

    /// Takes shot `k`; false when it was given up (too late, camera away) and should be skipped.
    private func shoot(_ k: Int, stream: any FrameStream) throws(CameraError) -> Bool {
        let realTime = stream.pacesInRealTime
        if !streaming {
            // Open and warm up just in time for the shot.
            let lead = stream.warmup.wholeNanoseconds + 1_500_000_000
            if realTime { sleep(until: grid.due(k) - lead) }
            if stop.isRequested { return false }
            try stream.start()
            (streaming, rampNeedsAttach) = (true, true)
            delivered.restart()
        }
        guard let writtenAt = try meter(k, stream: stream),
              let frame = try takeFrame(k, stream: stream, notBefore: writtenAt,
                                        skip: writtenAt == .min ? 0 : ExposureRampDriver.settleFrames),
              let info = stream.info else { return false }
        // The shot has its frame: until the next one is due the frames are not wanted, and those
        // the camera loses or the stream's queue lets go meanwhile are not dropped frames.
        stream.idle()
        let startedAt = grid.timeline.wall(frame.timestampNanoseconds)
        let location = StillFiler(filing: filing, info: info, droppedFrames: stream.droppedFrames(before: frame))
            .file(frame, kind: .still, scheduledAt: grid.wall(k), startedAt: startedAt, light: light(of: frame, at: startedAt))
        // Only an assembly needs the list; a day of shots is not kept in memory otherwise.
        if let location, spec.assembleFPS != nil { filed.append(location) }
        let dropped = stream.droppedFrames
        if dropped != droppedReported {
            droppedReported = dropped
            report.publish(.rate(.init(droppedFrames: dropped)))
        }
        return true
    }

    /// The first frame at or after shot `k`'s due time (plus `offset`), not before `notBefore`
    /// and after the first `skip` frames stamped at or after `notBefore` (a new exposure reaches
    /// the frames a few frames late, whatever rate the camera runs at); nil when the shot became too late.
    private func takeFrame(_ k: Int, stream: any FrameStream, notBefore: Int64 = .min, skip: Int = 0,
                           offset: Int64 = 0) throws(CameraError) -> VideoFrame? {
        var skipping = skip
        while !stop.isRequested {
            let item: StreamItem?
            do { item = try stream.next(timeout: .milliseconds(250)) } catch {
                if case .endOfStream = error { stop.request(.shutdown("end of video")) }
                throw error
            }
            switch item {
            case let .frame(frame)?:
                delivered.saw(frame)
                if !stream.pacesInRealTime { grid.followVirtualClock(firstFrame: frame.timestampNanoseconds) }
                if frame.timestampNanoseconds >= notBefore, skipping > 0 {
                    skipping -= 1
                } else if frame.timestampNanoseconds >= max(grid.due(k) &+ offset, notBefore) {
                    return frame
                }
            case let .lost(loss)?:
                tracker.lost(loss, report: report)
                delivered.restart()
            case .returned?:
                tracker.returned(report: report)
                rampNeedsAttach = true
            case nil:
                break
            }
            if stream.pacesInRealTime, grid.shotsBehind(k, now: report.clock.monotonicNanoseconds()) != nil { return nil }
        }
        return nil
    }

    private func samplePressure(_ stream: any FrameStream) {
        guard let monitor else { return }
        let sample = monitor.sample(now: report.clock.now())
        if sample.changed {
            report.publish(.pressureChanged(.init(at: report.clock.now(), level: sample.level, fps: nil,
                                                   reason: sample.reason,
                                                   method: sample.level >= .critical ? .closedBetweenShots : .none)))
        }
        let wasOpen = keepOpen
        keepOpen = spec.keepsStreamOpen && sample.level < .critical
        if wasOpen && !keepOpen && streaming {
            stream.stop()
            streaming = false
        }
    }

    /// Waits for shot `due` on a streaming camera, at a slower frame rate meanwhile when the
    /// camera offers one (``IdleFrameRate``); the job's rate is back before the shot.
    private func wait(until due: Int64, stream: any FrameStream) {
        let now = report.clock.monotonicNanoseconds()
        if let restoreAt = idleRate.slowDown(stream, now: now, due: due, logger: report.logger) {
            delivered.restart()
            sleep(until: restoreAt, idling: stream, due: due)
            idleRate.restore(stream, logger: report.logger)
        }
        sleep(until: due - 2_000_000, idling: stream, due: due)
    }

    /// Sleeps until `deadline`; a stream is told meanwhile that no frame before `due` is wanted.
    private func sleep(until deadline: Int64, idling stream: (any FrameStream)? = nil, due: Int64 = .max) {
        // Sleep in slices so a stop request is noticed within 100 ms.
        while !stop.isRequested {
            let now = report.clock.monotonicNanoseconds()
            if now >= deadline { return }
            stream?.idle(until: due)
            report.clock.sleep(untilMonotonic: min(deadline, now + 100_000_000))
        }
    }

    /// Before shot `k`: waits for its time and, with a ramp, meters a frame shortly before it
    /// and steps the controls (the run's first shot: until on target, while it is not late).
    /// Returns when the controls were last written (`.min`: not written), nil when the shot
    /// became too late.
    private func meter(_ k: Int, stream: any FrameStream) throws(CameraError) -> Int64? {
        let realTime = stream.pacesInRealTime
        guard let ramp else {
            if realTime { wait(until: grid.due(k), stream: stream) }
            return .min
        }
        let fps = stream.frameRateInForce ?? stream.info?.format.fps ?? 30
        // Meter the settling frames and two more before the shot, but never more than half a period early.
        let lead = min(ramp.lead(fps: fps), grid.every / 2)
        if realTime { wait(until: grid.due(k) - lead, stream: stream) }
        // Values written again after a reopen: the first frame only dates the write.
        var dating = rampNeedsAttach ? try ramp.attach(stream) : false
        rampNeedsAttach = false
        var writtenAt = Int64.min
        let converged = rampWrittenAt
        rampWrittenAt = .min
        var cycles = rampConverged ? 1 : ExposureRampDriver.convergeCycles
        rampConverged = true
        while cycles > 0 {
            let from = writtenAt == .min ? converged : writtenAt
            let settle = from == .min ? 0 : ExposureRampDriver.settleFrames
            guard let frame = try takeFrame(k, stream: stream, notBefore: from, skip: settle, offset: -lead) else { return nil }
            let changed = dating ? true : try ramp.step(on: frame, stream: stream, converging: cycles > 1)
            if dating { dating = false } else { cycles -= 1 }
            guard changed else { break }
            writtenAt = realTime ? max(frame.timestampNanoseconds, report.clock.monotonicNanoseconds()) : frame.timestampNanoseconds
            // Converging makes the first shot late: by a quarter of the period at most.
            if writtenAt > grid.due(k) + grid.every / 4 { break }
        }
        return writtenAt
    }

    /// Before the first shot of a stream kept open: meters and sets until on target (inside the
    /// dead band, or ``ExposureRampDriver/convergeCycles`` cycles, steps up to 3 EV), skipping
    /// the settling frames after each write, so shot 1 is on target. The grid starts after it:
    /// no shot is late for it. At most 10 s on a real-time camera.
    private func convergeRamp(_ stream: any FrameStream) throws(CameraError) {
        guard let ramp, !stop.isRequested else { return }
        // Settling takes real seconds: no simulated time on a rehearsal's clock.
        report.clock.pause()
        defer { report.clock.resume() }
        _ = try ramp.attach(stream)
        (rampNeedsAttach, rampConverged) = (false, true)
        let realTime = stream.pacesInRealTime
        // (On a paused rehearsal's clock the cycles and the camera's watchdog bound it instead.)
        let deadline = report.clock.monotonicNanoseconds() + 10_000_000_000
        var (writtenAt, skipping, cycles) = (Int64.min, 0, ExposureRampDriver.convergeCycles)
        while cycles > 0, !stop.isRequested, !realTime || report.clock.monotonicNanoseconds() < deadline {
            switch try stream.next(timeout: .milliseconds(250)) {
            case let .frame(frame)?:
                delivered.saw(frame)
                if frame.timestampNanoseconds < writtenAt { continue }
                if skipping > 0 {
                    skipping -= 1
                    continue
                }
                cycles -= 1
                guard try ramp.step(on: frame, stream: stream, converging: true) else { return }
                writtenAt = realTime ? max(frame.timestampNanoseconds, report.clock.monotonicNanoseconds()) : frame.timestampNanoseconds
                skipping = ExposureRampDriver.settleFrames
            case let .lost(loss)?:
                tracker.lost(loss, report: report)
                rampNeedsAttach = true
                return
            case .returned?:
                tracker.returned(report: report)
                rampNeedsAttach = true
                return
            case nil:
                continue
            }
        }
        rampWrittenAt = writtenAt
    }

    /// A still's `light`: the ramp's reading (brightness, exposure time, gain), else the
    /// brightness (an MJPEG frame's luma decoded at 1/8 scale for it: about a millisecond a
    /// 1080p shot); the sun's elevation when the job has a location.
    private func light(of frame: VideoFrame, at date: Date) -> SidecarLight {
        var light = ramp?.light(of: frame) ?? SidecarLight(brightness: meter.measure(frame, cast: false).map { ExposureRampDriver.rounded($0.brightness) })
        light.sunElevation = sun.map { ($0.elevation(at: date) * 100).rounded() / 100 }
        return light
    }
}
