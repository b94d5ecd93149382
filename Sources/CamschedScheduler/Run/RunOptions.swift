import CamschedCapture
import Foundation

/// How `camsched run` (or the daemon) runs one job.
package struct RunOptions: Sendable {
    /// `--device`: replaces the job's device list.
    package var device: String?
    /// `--output`: replaces the job's output root.
    package var outputRoot: URL?
    /// `--json`: NDJSON events on stdout.
    package var json = false
    /// Progress line on stderr when it is a terminal (not with `--no-progress`).
    package var progress = true
    /// `--lock`.
    package var lockPolicy: CameraLock.Policy = .wait
    /// `--pressure-from`: overrides the job's `pressureFrom`.
    package var pressureFrom: URL?
    /// Roots of /sys and /proc for pressure sources (tests point them at fake trees).
    package var sysRoot = "/sys"
    package var procRoot = "/proc"
    /// Which pressure sources to watch (`thermal`, `psi`, `psi-host`, `disk`, `encoder`, `file`);
    /// nil: all but `psi-host`.
    /// From `CAMSCHED_PRESSURE_SOURCES`, for tests and for boards whose sensors mislead.
    package var pressureSources: Set<String>?
    /// When the run was scheduled (the daemon's fire time); nil for `run`.
    package var scheduledAt: Date?
    /// The run's id, when the caller made it beforehand (the status server's `POST …/run`
    /// answers with it); nil: a fresh one.
    package var runID: String?
    /// `--debug-motion`: a trigger job logs its motion score every second and writes the
    /// changed-pixel mask as `motion-mask.pgm` in the output root.
    package var debugMotion = false
    /// `--at`/`--speed`: rehearse the run on a simulated clock (``Rehearsal``); nil: a real run.
    package var rehearsal: Rehearsal?
    /// A trigger job serves its local socket for `camsched trigger NAME` (off in unit tests).
    package var triggerSocket = true

    package init() {}
}
