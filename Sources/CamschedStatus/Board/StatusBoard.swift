import CamschedScheduler
import Foundation
import Synchronization

/// The live state of every job, learnt from run events and the jobs' frame taps: what the
/// status page, `/api/status` and `/metrics` show.
///
/// Events arrive on the run's threads: each is one short update under a lock, never a wait.
package final class StatusBoard: Sendable {
    let metrics: StatusMetrics
    let jobs = Mutex<[String: JobStatus]>([:])
    let taps = Mutex<[String: FrameTap]>([:])

    package init(metrics: StatusMetrics) {
        self.metrics = metrics
    }

    /// The frame tap of a job (made on first use): install it on the job's runner.
    package func tap(for job: String) -> FrameTap {
        taps.withLock { taps in
            if let tap = taps[job] { return tap }
            let tap = FrameTap()
            taps[job] = tap
            return tap
        }
    }

    func existingTap(for job: String) -> FrameTap? { taps.withLock { $0[job] } }

    /// The subscriber that feeds this board (and the metrics) from one run of a job.
    /// - Parameter requestedFPS: the job's `camera.fps` (the target until pressure lowers it).
    package func subscriber(for job: String, requestedFPS: Double?) -> any RunEventSubscriber {
        metrics.register(job: job)
        return StatusRunSubscriber(job: job, requestedFPS: requestedFPS, board: self)
    }

    func update(_ job: String, _ change: (inout JobStatus) -> Void) {
        jobs.withLock { jobs in change(&jobs[job, default: JobStatus()]) }
    }

    func snapshot() -> [String: JobStatus] { jobs.withLock { $0 } }

    /// Rank of a pressure level name: 0 nominal … 4 shutdown.
    static func rank(_ level: String) -> Int {
        PressureLevel.allCases.firstIndex { $0.rawValue == level } ?? 0
    }
}
