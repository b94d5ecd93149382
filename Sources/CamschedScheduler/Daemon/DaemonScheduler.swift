import CamschedCore
import CamschedFiling
import Foundation
import Logging

/// Runs jobs at their fire times on an injected clock.
///
/// - A job never overlaps itself: a fire that comes while the job still runs is a missed fire.
/// - Missed fires (the machine was off or asleep, or the job was busy): `skip` waits for the
///   next fire; `once` runs one catch-up right away, however many were missed.
/// - ``reload(_:)`` replaces the job list; a running job finishes untouched, and a job whose
///   id stays keeps its place in the schedule.
/// - A job that keeps running (``ScheduledJob/keepsRunning``) starts at once and again after
///   each run that ends by itself, after a ``RestartDelay``; it has no fire while it runs.
package actor DaemonScheduler {
    /// A fire is on time if it starts within this many seconds of its time.
    package static let lateness: TimeInterval = 60

    private let clock: any WallClock
    private let logger: Logger
    private var jobs: [String: ScheduledJob] = [:]
    private var next: [String: Date] = [:]
    private var running: Set<String> = []
    private var tasks: [String: Task<Void, Never>] = [:]
    private var lastChecked: Date
    /// Every fire started, in order (for status and tests).
    package private(set) var fired: [(job: String, at: Date, catchUp: Bool)] = []
    /// Fires skipped because they were missed.
    package private(set) var skipped: [(job: String, at: Date)] = []
    /// Fires missed while a job's run went on, after the one that was logged: reported in one
    /// line when the run ends (a run of hours under a one-minute cron is not a line a minute).
    private var missedWhileRunning: [String: Int] = [:]
    /// When each job's run began, and the restart delays of jobs that keep running.
    private var startedAt: [String: Date] = [:]
    private var restartDelays: [String: RestartDelay] = [:]

    /// For simulations on a ``ManualWallClock``: each run finishes before the clock moves on,
    /// so a simulated day does not depend on how busy the machine is.
    private let awaitsEachRun: Bool

    package init(clock: any WallClock, logger: Logger = Logger(label: "camsched.daemon"), awaitsEachRun: Bool = false) {
        self.clock = clock
        self.logger = logger
        self.awaitsEachRun = awaitsEachRun
        lastChecked = clock.now()
    }

    /// Replaces the set of jobs (startup and SIGHUP).
    package func reload(_ newJobs: [ScheduledJob]) {
        let now = clock.now()
        var updated: [String: ScheduledJob] = [:]
        for job in newJobs {
            updated[job.id] = job
            next[job.id] = nextFire(afterReloadOf: job, was: jobs[job.id], now: now)
        }
        for id in jobs.keys where updated[id] == nil { next[id] = nil }
        jobs = updated
        logger.info("scheduling \(jobs.count) job(s)")
    }

    /// A reloaded job's next fire: a job that keeps running starts at once unless it runs (its
    /// end starts it again) or waits to restart; a scheduled one keeps its place.
    private func nextFire(afterReloadOf job: ScheduledJob, was previous: ScheduledJob?, now: Date) -> Date? {
        let kept = previous.map { $0.keepsRunning == job.keepsRunning } == true ? next[job.id] : nil
        if job.keepsRunning { return running.contains(job.id) ? nil : kept ?? now }
        return kept ?? job.nextFire(now)
    }

    /// The next fire time of each job.
    package func upcoming() -> [String: Date] { next }

    /// Runs until `until` (tests) or until the task is cancelled.
    package func run(until end: Date? = nil) async {
        while !Task.isCancelled {
            let now = clock.now()
            await fireDue(now: now)
            if let end, now >= end { break }
            guard let soonest = next.values.min() else {
                // Nothing scheduled: idle until something changes.
                let wake = now.addingTimeInterval(60)
                if let end, wake >= end { await clock.sleep(until: end); break }
                await clock.sleep(until: wake)
                continue
            }
            if let end, soonest > end { await clock.sleep(until: end); break }
            // Wake at most every 60 s so a suspended machine's missed fires are noticed soon.
            await clock.sleep(until: min(soonest, now.addingTimeInterval(60)))
        }
        for task in tasks.values { await task.value }
    }

    /// Starts every job whose fire time has come.
    func fireDue(now: Date) async {
        for (id, due) in next.sorted(by: { $0.value < $1.value }) where due <= now {
            guard let job = jobs[id] else { next[id] = nil; continue }
            let late = !job.keepsRunning && now.timeIntervalSince(due) > DaemonScheduler.lateness
            let busy = running.contains(id)
            var runAt: Date? = due
            if late || busy {
                // Count every fire that passed.
                var missedFire: Date? = due
                var count = 0
                while let fire = missedFire, fire <= now, count < 100_000 {
                    skipped.append((id, fire))
                    count += 1
                    missedFire = job.nextFire(fire)
                }
                noteMissed(job: job, id: id, count: count, busy: busy)
                runAt = (job.missed == .once && !busy) ? now : nil
                next[id] = missedFire
            } else {
                next[id] = job.keepsRunning ? nil : job.nextFire(due)
            }
            if let runAt {
                fired.append((id, runAt, late))
                running.insert(id)
                startedAt[id] = now
                let scheduled = due
                tasks[id] = Task {
                    let code = await job.run(scheduled)
                    self.finished(id: id, code: code)
                }
                if awaitsEachRun { await tasks[id]?.value } else { await Task.yield() }
            }
        }
    }

    /// Starts a job now, outside its schedule (the status server's `POST /api/jobs/NAME/run`).
    /// A job never overlaps itself: while it runs this answers ``RunNowResult/running``.
    package func runNow(name: String, now: Date) -> RunNowResult {
        guard let (id, job) = jobs.first(where: { $0.value.name == name }) else { return .unknownJob }
        return start(id: id, now: now) { runID in
            if let runWithID = job.runWithID { await runWithID(now, runID) } else { await job.run(now) }
        }
    }

    /// Takes one still for a job now (``ScheduledJob/snapshot``), as a run of its own: never
    /// beside a run of the job, whose camera it would need, and a fire during it is missed.
    package func snapshotNow(name: String, now: Date) -> RunNowResult {
        guard let (id, job) = jobs.first(where: { $0.value.name == name }), let snapshot = job.snapshot else { return .unknownJob }
        return start(id: id, now: now) { runID in await snapshot(now, runID) }
    }

    private func start(id: String, now: Date, body: @escaping @Sendable (String) async -> Int32) -> RunNowResult {
        guard !running.contains(id) else { return .running }
        let runID = RunIdentifier.make(at: now)
        fired.append((id, now, false))
        running.insert(id)
        startedAt[id] = now
        next[id] = jobs[id]?.keepsRunning == true ? nil : next[id]
        tasks[id] = Task {
            let code = await body(runID)
            self.finished(id: id, code: code)
        }
        return .started(runID: runID)
    }

    /// Each job's name, next fire and whether it runs now (for the status page).
    package func listing() -> [(name: String, nextFire: Date?, running: Bool)] {
        jobs.map { id, job in (job.name, next[id], running.contains(id)) }.sorted { $0.name < $1.name }
    }

    /// Logs missed fires: a late start at once; fires missed while the job runs once for the
    /// first, the rest counted for ``finished(id:code:)``.
    private func noteMissed(job: ScheduledJob, id: String, count: Int, busy: Bool) {
        guard busy else {
            logger.warning("\(job.name): \(count) fire(s) missed (late)")
            return
        }
        if let earlier = missedWhileRunning[id] {
            missedWhileRunning[id] = earlier + count
        } else {
            missedWhileRunning[id] = 0
            logger.warning("\(job.name): \(count) fire(s) missed (still running); fires missed while this run lasts are counted and said when it ends")
        }
    }

    private func finished(id: String, code: Int32) {
        running.remove(id)
        tasks[id] = nil
        if let more = missedWhileRunning.removeValue(forKey: id), more > 0 {
            logger.warning("\(jobs[id]?.name ?? id): \(more) more fire(s) missed while the run went on")
        }
        if code != 0 { logger.warning("job \(jobs[id]?.name ?? id) exited with \(code)") }
        if let job = jobs[id], job.keepsRunning { restart(job, code: code) }
    }

    /// Starts a job that keeps running again after its run ended by itself (a fault: the
    /// camera failed for good, the disk, the encoder); a stop by SIGTERM/SIGINT ends it.
    private func restart(_ job: ScheduledJob, code: Int32) {
        let now = clock.now()
        let began = startedAt.removeValue(forKey: job.id) ?? now
        guard code != 130, code != 143 else { return }
        var delay = restartDelays[job.id] ?? RestartDelay()
        let wait = delay.next(afterRunOf: now.timeIntervalSince(began))
        restartDelays[job.id] = delay
        next[job.id] = now.addingTimeInterval(wait)
        logger.warning("\(job.name): its run ended (exit \(code)) and the job runs always: starting it again in \(RestartDelay.text(wait)): nothing is captured from \(RFC3339Timestamp.string(from: now)) until then")
    }

    /// Waits for running jobs to end.
    package func drain() async {
        for task in tasks.values { await task.value }
    }
}
