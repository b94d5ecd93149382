import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// Interval (time-lapse) shots: shot k is due at start + k·every on the monotonic clock —
/// never "sleep every" — and takes the first frame captured at or after its due time. A shot
/// later than one period is skipped and counted, not bunched.
struct IntervalCapture {
    let context: RunContext
    let spec: IntervalSpec
    let openSession: () throws(CameraError) -> CaptureSession
    /// System pressure: at `critical` and above the camera is closed between shots whatever
    /// `keepOpen` says (a closed camera draws no power and makes no heat).
    var monitor: PressureMonitor?

    /// How many shots the spec asks for (nil: until stopped).
    func plannedShots(startWall: Date) -> Int? {
        let every = spec.every.secondsValue
        var limit: Int?
        if let count = spec.count { limit = count }
        if let duration = spec.duration { limit = min(limit ?? .max, Int((duration.secondsValue / every).rounded(.down)) + 1) }
        if let until = spec.until {
            let n = max(0, Int((until.timeIntervalSince(startWall) / every).rounded(.down)) + 1)
            limit = min(limit ?? .max, n)
        }
        return limit
    }

    func run() throws(CameraError) -> [FiledLocation] {
        let everyNanos = spec.every.nanosecondsValue
        var session: CaptureSession? = try openSession()
        var queue: FrameQueue?
        var keepOpen = spec.keepsStreamOpen
        if keepOpen, let s = session {
            try s.start(warmup: context.job.camera.warmup)
            queue = s.addConsumer(capacity: 2)
        }
        // The grid: start now (or, with align, at the next wall-clock multiple of `every`).
        var startMono = MonotonicClock.nanoseconds()
        var startWall = Date()
        if spec.align {
            let first = IntervalAlignment.firstShot(atOrAfter: startWall, every: spec.every, timeZone: context.job.timeZone)
            startMono += Int64(first.timeIntervalSince(startWall) * 1e9)
            startWall = first
        }
        let planned = plannedShots(startWall: startWall)
        context.progress.update {
            $0.total = planned
            $0.expectedEnd = planned.map { startWall.addingTimeInterval(Double($0 - 1) * spec.every.secondsValue) }
        }
        var filed: [FiledLocation] = []
        var k = 0
        // A camera on its own virtual clock (pace=fast): the grid follows its timestamps.
        let realTime = session?.camera.pacesInRealTime ?? true
        var virtualStart: Int64?
        defer {
            if let session { session.close() }
        }
        while planned.map({ k < $0 }) ?? true, !context.stop.isRequested {
            if let monitor {
                let sample = monitor.sample()
                if sample.changed {
                    context.withState { $0.pressure.append(Sidecar.PressureChange(at: Date(), level: sample.level.rawValue, fps: 0)) }
                    context.emit("pressure", ["level": sample.level.rawValue, "reason": sample.reason,
                                              "method": sample.level >= .critical ? "camera closed between shots" : "none"])
                    context.progress.update { $0.pressure = sample.level.rawValue }
                }
                let wasOpen = keepOpen
                keepOpen = spec.keepsStreamOpen && sample.level < .critical
                if wasOpen && !keepOpen {
                    session?.close()
                    session = nil
                    queue = nil
                }
            }
            let due = (realTime ? startMono : (virtualStart ?? 0)) + Int64(k) * everyNanos
            let dueWall = startWall.addingTimeInterval(Double(k) * spec.every.secondsValue)
            // Too late for this shot (by more than one period)? Skip it and count it.
            let now = MonotonicClock.nanoseconds()
            if realTime, now - due > everyNanos {
                let behind = Int((now - due) / everyNanos)
                let skip = min(behind, (planned ?? .max) - k)
                context.withState { $0.skippedShots += skip }
                context.warn("\(skip) shot(s) skipped: running \(String(format: "%.2f", Double(now - due) / 1e9)) s late")
                k += skip
                continue
            }
            if queue == nil {
                // Open and warm up just in time for the shot.
                let lead = context.job.camera.warmup.nanosecondsValue + 1_500_000_000
                if realTime { sleep(untilMonotonic: due - lead) }
                if context.stop.isRequested { break }
                if session == nil { session = try openSession() }
                try session!.start(warmup: context.job.camera.warmup)
                queue = session!.addConsumer(capacity: 2)
            }
            guard let activeQueue = queue, let activeSession = session else { break }
            // Wait (without busy-looping) until the due time, then take the first frame at or after it.
            if realTime { sleep(untilMonotonic: due - 2_000_000) }
            var taken: VideoFrame?
            while taken == nil, !context.stop.isRequested {
                guard let frame = try activeQueue.pop(timeout: .milliseconds(250)) else { continue }
                if !realTime, virtualStart == nil { virtualStart = frame.timestampNanoseconds }
                if frame.timestampNanoseconds >= (realTime ? due : (virtualStart ?? 0) + Int64(k) * everyNanos) { taken = frame }
            }
            guard let frame = taken else { break }
            let dueNow = realTime ? due : (virtualStart ?? 0) + Int64(k) * everyNanos
            let startedAt = dueWall.addingTimeInterval(Double(frame.timestampNanoseconds - dueNow) / 1e9)
            if let location = StillFiler(context: context, session: activeSession)
                .file(frame, kind: .still, scheduledAt: dueWall, startedAt: startedAt) {
                // Only an assembly needs the list; a day of shots is not kept in memory otherwise.
                if spec.assembleFPS != nil { filed.append(location) }
            }
            k += 1
            context.progress.update {
                $0.done = k
                $0.dropped = activeSession.camera.droppedFrames
            }
            if !keepOpen {
                activeSession.close()
                session = nil
                queue = nil
            }
            RetentionStep(context: context).apply()
            if context.stop.isRequested { break }
        }
        context.withState { $0.droppedFrames = session?.camera.droppedFrames ?? $0.droppedFrames }
        return filed
    }

    private func sleep(untilMonotonic deadline: Int64) {
        // Sleep in slices so a stop request is noticed within 100 ms.
        while !context.stop.isRequested {
            let now = MonotonicClock.nanoseconds()
            if now >= deadline { return }
            MonotonicClock.sleep(until: min(deadline, now + 100_000_000))
        }
    }
}
