import Foundation

/// A job as the daemon sees it: when it fires and what running it means.
package struct ScheduledJob: Sendable {
    /// What to do when a fire time passed while the machine was off or the job was busy.
    package enum MissedPolicy: String, Sendable { case skip, once }

    /// Identifies the job across reloads (its file path).
    package var id: String
    package var name: String
    /// The next fire strictly after a date, nil when there is none.
    package var nextFire: @Sendable (Date) -> Date?
    package var missed: MissedPolicy
    /// `schedule.always`: started at once and again after each end (a fault; not after a stop
    /// by signal), a little later the shorter the run was (``RestartDelay``); ``nextFire`` is
    /// not asked.
    package var keepsRunning = false
    /// Runs the job once; returns its exit code.
    package var run: @Sendable (_ scheduledAt: Date) async -> Int32
    /// Runs the job once now under a run id made beforehand (`POST /api/jobs/NAME/run`);
    /// nil: such a run uses ``run`` and gets its own id.
    package var runWithID: (@Sendable (_ scheduledAt: Date, _ runID: String) async -> Int32)?
    /// Takes one still with the job's camera, still settings and filing, now, under a run id
    /// made beforehand (the `snapshot` command); nil: the job offers no snapshot.
    package var snapshot: (@Sendable (_ scheduledAt: Date, _ runID: String) async -> Int32)?

    package init(id: String, name: String, missed: MissedPolicy, nextFire: @escaping @Sendable (Date) -> Date?,
                run: @escaping @Sendable (Date) async -> Int32) {
        self.id = id
        self.name = name
        self.missed = missed
        self.nextFire = nextFire
        self.run = run
    }
}
