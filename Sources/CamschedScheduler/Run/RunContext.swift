import CamschedCapture
import CamschedFiling
import CamschedJobs
import Foundation
import Logging

/// What every part of one run shares: the job and its run id, the clock, the stop signal, the
/// event bus that everything it does is reported on, and its filing (``RunFiling``: names,
/// files, sidecars, the catalog, and what a failed write means).
final class RunContext: Sendable {
    let job: Job
    let runID: String
    let root: URL
    let options: RunOptions
    let clock: any CaptureClock
    let logger: Logger
    let events: RunEventBus
    let record: RunRecord
    let stop: StopSignal
    /// How this run files what it captures.
    let filing: RunFiling
    let startedAt: Date

    struct Services: Sendable {
        var clock: any CaptureClock = SystemCaptureClock()
        var logger: Logger
        var events: RunEventBus
        var record: RunRecord
        /// The terminal's progress line, subscribed to the run's events (the modes only publish).
        var progress: ProgressLine? = nil
        var stop: StopSignal
        /// A catalog already open (tests), or:
        var catalog: Catalog? = nil
        /// How to open the run's catalog: called on the catalog writer's thread.
        var openCatalog: (@Sendable () -> Catalog?)? = nil
        var template: PathTemplate
    }

    init(job: Job, runID: String, root: URL, options: RunOptions, services: Services) {
        self.job = job
        self.runID = runID
        self.root = root
        self.options = options
        clock = services.clock
        logger = services.logger
        events = services.events
        record = services.record
        if let progress = services.progress { services.events.subscribe(progress) }
        stop = services.stop
        startedAt = services.clock.now()
        let open: (@Sendable () -> Catalog?)? = services.openCatalog ?? services.catalog.map { catalog in { @Sendable in catalog } }
        filing = RunFiling(job: job, runID: runID, root: root, template: services.template, clock: services.clock,
                           logger: services.logger, events: services.events, record: services.record, stop: services.stop,
                           openCatalog: open)
    }

    func publish(_ event: RunEvent) { events.publish(event, at: clock.now()) }

    func warn(_ message: String) { publish(.warning(message)) }

    /// Records a run-time failure (the run then exits 1).
    func fail(_ message: String) { publish(.error(message)) }

    static let hostName: String = ProcessInfo.processInfo.hostName
}
