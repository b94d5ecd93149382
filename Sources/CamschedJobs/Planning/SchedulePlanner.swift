import CamschedCore
import Foundation

/// Works out what a job would do and when — pure, with no clock: all times are passed in.
///
/// Used by `camsched plan`, and by the daemon to find the next fire.
package struct SchedulePlanner: Sendable {
    /// The most captures listed per fire (10,000); ``PlannedFire/totalCaptures`` still counts
    /// them all.
    package var captureLimit: Int

    /// Creates a planner.
    package init(captureLimit: Int = 10_000) {
        self.captureLimit = max(0, captureLimit)
    }

    /// The next `count` fires of `job` after `from`.
    ///
    /// With a schedule, fires are the cron times (or the `at` sun times) strictly after `from` in
    /// the schedule's time zone. Without one, or with `always` (the daemon starts it at once),
    /// there is a single fire at `from` — what `camsched run` does now.
    package func fires(of job: Job, from: Date, count: Int) -> [PlannedFire] {
        var fires: [PlannedFire] = []
        forEachFire(of: job, from: from, count: count) { fires.append($0); return true }
        return fires
    }

    /// The same fires, handed to `body` one at a time as they are planned, so that a caller
    /// printing them holds one fire in memory, not `count` (`plan --count 100000`).
    /// - Parameter body: returns `false` to stop early (nobody reads the output any more).
    package func forEachFire(of job: Job, from: Date, count: Int, _ body: (PlannedFire) -> Bool) {
        guard count > 0 else { return }
        guard let schedule = job.schedule, !schedule.isAlways else {
            _ = body(fire(of: job, at: from))
            return
        }
        var planned = 0
        var after = from
        while planned < count, let next = job.nextFire(after: after) {
            planned += 1
            guard body(fire(of: job, at: next)) else { return }
            after = next
        }
    }

    /// What one run of `job` starting at `start` captures.
    ///
    /// - Interval: shot k at first + k·every, where first is `start` or, with `align`, the next
    ///   aligned instant (``IntervalAlignment``); bounded by `count`, or by shots due before
    ///   `start + duration`, or before `until`. With `from`/`until`, in the window a run started
    ///   at `start` takes (``IntervalWindow``): from when it opens, or none on a day without it.
    /// - Burst: `count` sets of `max(1, bracket.count)` stills at 1/fps apart, fps being the
    ///   burst's, else the camera's, else 30 (nominal: the device's real rate may differ).
    /// - Record: one entry at `start` with the duration and the number of segments (neither,
    ///   and no end, for a recording that runs until stopped).
    /// - Trigger: one entry at `start` with how long the job watches for events.
    package func fire(of job: Job, at start: Date) -> PlannedFire {
        switch job.capture {
        case .interval(let interval) where interval.from != nil || interval.usesSunTimes:
            return windowFire(interval, start: start, job: job)
        case .interval(let interval):
            return intervalFire(interval, start: start, timeZone: job.timeZone)
        case .burst(let burst):
            return burstFire(burst, cameraFPS: job.camera.fps, start: start)
        case .record(let record):
            let capture = PlannedCapture(kind: .recording, index: 0, at: start, duration: record.duration,
                                         segmentCount: record.segmentCount(startingAt: start, timeZone: job.timeZone))
            return PlannedFire(at: start, captures: captureLimit > 0 ? [capture] : [], totalCaptures: 1,
                               endsAt: record.duration.map { start.addingTimeInterval($0.secondsValue) })
        case .trigger(let trigger):
            return triggerFire(trigger, start: start)
        }
    }

    /// Trigger: one entry at `start` for the watch; it ends after `duration`, at `until`, or never.
    private func triggerFire(_ trigger: TriggerSpec, start: Date) -> PlannedFire {
        var end: Date?
        if let duration = trigger.duration { end = start.addingTimeInterval(duration.secondsValue) }
        if let until = trigger.until { end = max(start, until) }
        let watch = end.map { Duration.milliseconds(Int64(($0.timeIntervalSince(start) * 1000).rounded())) }
        let capture = PlannedCapture(kind: .triggered, index: 0, at: start, duration: watch)
        return PlannedFire(at: start, captures: captureLimit > 0 ? [capture] : [], totalCaptures: 1, endsAt: end)
    }

    func intervalFire(_ interval: IntervalSpec, start: Date, timeZone: TimeZone) -> PlannedFire {
        let first = interval.align
            ? IntervalAlignment.firstShot(atOrAfter: start, every: interval.every, timeZone: timeZone)
            : start
        let period = interval.every.secondsValue
        let total = interval.plannedShots(start: start, first: first) ?? .max
        let listed = min(total, captureLimit)
        let captures = (0..<listed).map {
            PlannedCapture(kind: .still, index: $0, at: first.addingTimeInterval(Double($0) * period))
        }
        let endsAt = total > 0 ? first.addingTimeInterval(Double(total - 1) * period) : nil
        return PlannedFire(at: start, captures: captures, totalCaptures: total, endsAt: endsAt)
    }

    private func burstFire(_ burst: BurstSpec, cameraFPS: Double?, start: Date) -> PlannedFire {
        let fps = burst.fps ?? cameraFPS ?? 30
        let perShot = max(1, burst.bracket.count)
        let total = burst.count * perShot
        let listed = min(total, captureLimit)
        let captures = (0..<listed).map { index in
            PlannedCapture(
                kind: .burst, index: index, at: start.addingTimeInterval(Double(index) / fps),
                exposureOffset: burst.bracket.isEmpty ? nil : burst.bracket[index % perShot])
        }
        return PlannedFire(at: start, captures: captures, totalCaptures: total,
                           endsAt: start.addingTimeInterval(Double(total - 1) / fps))
    }
}
