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

    init(spec: IntervalSpec, timeZone: TimeZone, report: RunReporter, stop: StopSignal, filing: RunFiling,
         monitor: PressureMonitor?) {
        self.spec = spec
        self.timeZone = timeZone
        self.report = report
        self.stop = stop
        self.filing = filing
        self.monitor = monitor
        keepOpen = spec.keepsStreamOpen
    }

    func run(_ stream: any FrameStream) throws(CameraError) {
        defer { stream.stop() }
        if keepOpen {
            try stream.start()
            streaming = true
        }
        let planned = makeGrid()
        report.publish(.planned(.init(captures: planned, endsAt: planned.map { grid.wall(max(0, $0 - 1)) })))
        var k = 0
        while planned.map({ k < $0 }) ?? true, !stop.isRequested {
            samplePressure(stream)
            if let behind = grid.shotsBehind(k, now: report.clock.monotonicNanoseconds()), stream.pacesInRealTime {
                let skip = min(behind, (planned ?? .max) - k)
                report.publish(.skipped(count: skip, lateSeconds: grid.lateness(k, now: report.clock.monotonicNanoseconds())))
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
        grid = ShotGrid(startMono: startMono, startWall: first, every: spec.every.nanosecondsValue)
        return spec.plannedShots(start: startWall, first: first)
    }

    /// Takes shot `k`; false when it was given up (too late, camera away) and should be skipped.
    private func shoot(_ k: Int, stream: any FrameStream) throws(CameraError) -> Bool {
        let realTime = stream.pacesInRealTime
        if !streaming {
            // Open and warm up just in time for the shot.
            let lead = stream.warmup.nanosecondsValue + 1_500_000_000
            if realTime { sleep(until: grid.due(k) - lead) }
            if stop.isRequested { return false }
            try stream.start()
            streaming = true
        }
        if stream.pacesInRealTime { wait(until: grid.due(k), stream: stream) }
        guard let frame = try takeFrame(k, stream: stream), let info = stream.info else { return false }
        // The shot has its frame: until the next one is due the frames are not wanted, and those
        // the camera loses or the stream's queue lets go meanwhile are not dropped frames.
        stream.idle()
        let startedAt = grid.timeline.wall(frame.timestampNanoseconds)
        let location = StillFiler(filing: filing, info: info, droppedFrames: stream.droppedFrames(before: frame))
            .file(frame, kind: .still, scheduledAt: grid.wall(k), startedAt: startedAt)
        // Only an assembly needs the list; a day of shots is not kept in memory otherwise.
        if let location, spec.assembleFPS != nil { filed.append(location) }
        let dropped = stream.droppedFrames
        if dropped != droppedReported {
            droppedReported = dropped
            report.publish(.rate(.init(droppedFrames: dropped)))
        }
        return true
    }

    /// The first frame at or after shot `k`'s due time; nil when the shot became too late.
    private func takeFrame(_ k: Int, stream: any FrameStream) throws(CameraError) -> VideoFrame? {
        while !stop.isRequested {
            let item: StreamItem?
            do { item = try stream.next(timeout: .milliseconds(250)) } catch {
                if case .endOfStream = error { stop.request(.shutdown("end of video")) }
                throw error
            }
            switch item {
            case let .frame(frame)?:
                if !stream.pacesInRealTime { grid.followVirtualClock(firstFrame: frame.timestampNanoseconds) }
                if frame.timestampNanoseconds >= grid.due(k) { return frame }
            case let .lost(loss)?:
                tracker.lost(loss, report: report)
            case .returned?:
                tracker.returned(report: report)
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
}
