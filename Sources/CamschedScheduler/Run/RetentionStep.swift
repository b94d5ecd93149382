import CamschedCore
import CamschedFiling
import Foundation

/// Applies the job's retention policy (before each capture and after each segment).
///
/// Retention works through the catalog, so it runs on the run's ``CatalogWriter`` thread: the
/// capture path only hands it over (a pass already waiting is not queued twice), and a catalog
/// held by another process delays retention, never a shot.
struct RetentionStep {
    let filing: RunFiling

    func apply() {
        let spec = filing.job.retention
        guard spec.maxAge != nil || spec.maxSize != nil || spec.minFree != nil, let writer = filing.catalogWriter else { return }
        let policy = RetentionPolicy(maxAge: spec.maxAge, maxSize: spec.maxSize, minFree: spec.minFree)
        let (root, job, clock, logger) = (filing.root, filing.job.name, filing.clock, filing.logger)
        writer.enqueue(.task(key: "retention") { catalog in
            let report = try Retention.apply(policy, catalog: catalog, root: root, job: job, now: clock.now())
            if !report.deleted.isEmpty { logger.info("retention removed \(report.deleted.count) file(s)") }
        })
    }
}
