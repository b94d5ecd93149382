import CamschedFiling
import Foundation

/// Keeps the run's row in the catalog: `running` at the start, its status and exit code at the
/// end. The rows go through the run's ``CatalogWriter``: never waited for.
struct CatalogRunSubscriber: RunEventSubscriber {
    let writer: CatalogWriter
    let startedAt: Date
    let host: String

    func receive(_ event: TimedRunEvent) {
        switch event.event {
        case let .started(s):
            writer.enqueue(.beginRun(CatalogRun(id: s.run, job: s.job, startedAt: startedAt, status: .running, host: host,
                                                pid: Int(getpid()))))
        case let .done(summary):
            let status: CatalogRun.Status = summary.status == .skipped ? .skipped : .init(exitCode: Int(summary.exitCode))
            writer.enqueue(.endRun(id: summary.run, endedAt: event.time, status: status, exitCode: Int(summary.exitCode)))
        default:
            break
        }
    }
}
