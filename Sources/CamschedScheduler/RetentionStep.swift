import CamschedFiling
import Foundation

/// Applies the job's retention policy (before each capture and after each segment).
struct RetentionStep {
    let context: RunContext

    func apply() {
        let spec = context.job.retention
        guard spec.maxAge != nil || spec.maxSize != nil || spec.minFree != nil, let catalog = context.catalog else { return }
        let policy = RetentionPolicy(maxAge: spec.maxAge, maxSize: spec.maxSize, minFree: spec.minFree)
        do {
            let report = try Retention.apply(policy, catalog: catalog, root: context.root, job: context.job.name,
                                             now: context.clock.now())
            if !report.deleted.isEmpty {
                context.logger.info("retention removed \(report.deleted.count) file(s)")
            }
        } catch {
            context.warn("retention failed: \(error)")
        }
    }
}
