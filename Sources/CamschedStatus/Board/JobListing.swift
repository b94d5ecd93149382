import CamschedCore
import CamschedJobs
import CamschedScheduler
import Foundation

/// A job as the status page lists it: what the job file says plus what the scheduler knows.
package struct JobListing: Sendable {
    package var name: String
    /// `interval`, `burst`, `record`, `trigger`.
    package var kind: String
    /// Where the job files (resolved).
    package var root: URL
    package var retention: RetentionSpec
    /// Whether the job keeps a catalog (for `/api/runs`).
    package var catalog: Bool
    /// The daemon's next fire; nil for `run` and for jobs without one.
    package var nextFireAt: Date?
    /// The scheduler has started the job and it has not ended (it may still wait for its camera).
    package var isRunning: Bool
    /// The frame rate the job asks for, if it names one.
    package var requestedFPS: Double?
    /// An interval job's period in seconds (the page's "next shot in 7 s").
    package var intervalSeconds: Double?

    package init(job: Job, root: URL? = nil, nextFireAt: Date? = nil, isRunning: Bool = false) {
        name = job.name
        kind = job.capture.kind.rawValue
        self.root = (root ?? job.output.root).standardizedFileURL
        retention = job.retention
        catalog = job.output.catalog
        self.nextFireAt = nextFireAt
        self.isRunning = isRunning
        requestedFPS = job.camera.fps
        if case let .interval(spec) = job.capture {
            intervalSeconds = spec.every.secondsValue
        }
    }
}

/// What the status server may ask of the process it runs in: the jobs, and starting or
/// triggering one. `run` and `daemon` each provide their own.
package struct StatusControl: Sendable {
    package var jobs: @Sendable () async -> [JobListing]
    /// `POST /api/jobs/NAME/run`.
    package var runNow: @Sendable (_ job: String) async -> RunNowResult
    /// `POST /api/jobs/NAME/trigger`; by default the process's ``ExternalTriggers`` registry,
    /// which a running trigger job joins.
    package var trigger: @Sendable (_ job: String) async -> TriggerAcceptance

    package init(jobs: @escaping @Sendable () async -> [JobListing],
                runNow: @escaping @Sendable (String) async -> RunNowResult,
                trigger: (@Sendable (String) async -> TriggerAcceptance)? = nil) {
        self.jobs = jobs
        self.runNow = runNow
        self.trigger = trigger ?? { name in
            let answer = ExternalTriggers.shared.fire(job: name)
            // A listed job the registry does not know (not declared, not running) is not a trigger job.
            guard answer == .unknownJob else { return answer }
            return await jobs().contains { $0.name == name } ? .notATriggerJob : .unknownJob
        }
    }
}
