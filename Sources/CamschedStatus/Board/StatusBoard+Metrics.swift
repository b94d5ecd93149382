import CamschedFiling
import Foundation

extension StatusBoard {
    /// Makes the jobs' series exist before their first run (``StatusMetrics/register(job:)``), and
    /// continues what the previous metrics file held (``MetricsFile/previous()``): a cron or
    /// timer run that fails does not forget an earlier success, and the run, failure and
    /// skipped-shot counters count on from one run to the next.
    package func register(jobs: [String], carryingOver previous: MetricsCarryOver = MetricsCarryOver()) {
        for job in jobs {
            metrics.register(job: job)
            if let time = previous.lastSuccess[job], time > 0 { metrics.gauge(StatusMetrics.Name.lastSuccess, job: job, time) }
            metrics.count(StatusMetrics.Name.runs, job: job, by: Int(previous.runs[job] ?? 0))
            metrics.count(StatusMetrics.Name.failures, job: job, by: Int(previous.failures[job] ?? 0))
            metrics.count(StatusMetrics.Name.shotsSkipped, job: job, by: Int(previous.shotsSkipped[job] ?? 0))
        }
    }

    /// Sets the free-space gauge of each output root's filesystem.
    package func recordFreeSpace(roots: some Sequence<String>) {
        for root in Set(roots) {
            if let free = StatusDocument.freeBytes(root) { metrics.gauge(StatusMetrics.Name.filesystemFree, root: root, Double(free)) }
        }
    }

    /// Counts a run that ended with `exitCode`, whatever way it ended (also one that failed
    /// before its first event, such as a camera that does not exist): the runner's caller
    /// calls this with the exit code the process or the scheduler gets.
    package func runEnded(job: String, exitCode: Int32) {
        metrics.count(StatusMetrics.Name.runs, job: job, by: 1)
        if CatalogRun.Status(exitCode: Int(exitCode)) == .failed { metrics.count(StatusMetrics.Name.failures, job: job, by: 1) }
    }
}
