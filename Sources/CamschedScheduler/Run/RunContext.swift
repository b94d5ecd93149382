import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation
import Logging
import Synchronization

/// What every part of one run shares: the job and its run id, where it files, the clock, the
/// stop signal, and the event bus that everything it does is reported on.
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
    let filer: FileFiler
    /// Opens the catalog and writes its rows, off the capture path (nil without a catalog).
    let catalogWriter: CatalogWriter?
    let template: PathTemplate
    let startedAt: Date
    /// The `{seq}` numbers, one sequence per kind of file.
    let sequences = FileSequences()

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
        // No file takes the name of the job's latest link (a link never replaces a file).
        let filer = FileFiler(root: root, runID: runID)
        self.filer = job.output.latest ? filer.avoiding(name: FilingSteps.latestName(of: job)) : filer
        template = services.template
        startedAt = services.clock.now()
        let (events, clock) = (services.events, services.clock)
        let open: (@Sendable () -> Catalog?)? = services.openCatalog ?? services.catalog.map { catalog in { @Sendable in catalog } }
        catalogWriter = open.map { open in
            CatalogWriter(opening: open, logger: services.logger) { message in events.publish(.warning(message), at: clock.now()) }
        }
        // Files earlier runs filed while the catalog could not take them, and partial files
        // recovered at this start: their rows come from their sidecars, off the capture path.
        catalogWriter?.enqueue(.adoptFilesWithSidecars)
    }

    /// How long the end of a run waits for catalog rows that could not be written yet while
    /// another process holds the catalog's lock; 1 s for a run that was stopped, 2 s when the
    /// catalog fails otherwise (full, read-only).
    static let catalogGrace: Duration = .seconds(30)

    /// Lets the catalog writer write what waits — at most ``catalogGrace`` — then stops it.
    /// What is left is written by the next start on the root (from the sidecars).
    func finishCatalog() {
        guard let writer = catalogWriter else { return }
        // A run stopped early (a signal, a full disk, pressure at shutdown) ends promptly.
        let grace: Duration = stop.isRequested ? .seconds(1) : Self.catalogGrace
        let waiting = writer.backlog
        if waiting > 0 { logger.notice("waiting up to \(grace.components.seconds) s for the catalog to take \(waiting) write(s)") }
        // Only another process's lock is worth the long wait: a full disk or a read-only
        // catalog is not going to change in these seconds.
        let first = min(grace, .seconds(2))
        var left = writer.drain(timeout: first)
        if left > 0, grace > first, !writer.isStuck { left = writer.drain(timeout: grace - first) }
        writer.close()
        if !writer.isUnavailable, left > 0 || writer.droppedRows > 0 {
            logger.warning("\(left + writer.droppedRows) catalog write(s) of this run could not be made (the catalog was locked, full or unreadable); the files are filed with their sidecars, and the next start on \(root.path) (or `camsched catalog verify --repair --root \(root.path)`) adds their rows")
        }
    }

    /// The relative path (no extension) for a file of `kind` taken at `date`.
    func relativePath(kind: FileKind, seq: Int, date: Date, device: String) -> String {
        // A name longer than a filesystem takes is cut, not refused: the capture is filed.
        PathTemplate.fitted(template.render(job: job.name, run: runID, seq: seq, kind: kind.rawValue, device: device,
                                            date: date, timeZone: job.timeZone))
    }

    func publish(_ event: RunEvent) { events.publish(event, at: clock.now()) }

    func warn(_ message: String) { publish(.warning(message)) }

    /// Records a run-time failure (the run then exits 1).
    func fail(_ message: String) { publish(.error(message)) }

    /// Stops the run because the output filesystem is full, naming it and its free space.
    func diskFull(_ error: any Error) {
        let mount = FilesystemSpace.mountPoint(of: root.path)
        let free = (try? FilesystemSpace.freeBytes(at: root.path)).map { "\($0 / 1024) KiB free" } ?? "free space unknown"
        fail("disk full: the filesystem at \(mount) (\(free)) cannot take more (\(error)); what fitted is filed — free some space or set \"retention\" for this job")
        stop.request(.shutdown("disk full"))
    }

    /// Whether an error means the disk (or the quota) is full, by its type and errno — never by its text.
    static func isDiskFull(_ error: any Error) -> Bool {
        switch error {
        case let error as FilingError: if case .diskFull = error { return true }
        case let error as RecordingError: if case .diskFull = error { return true }
        case let error as AVError: return error.isNoSpace
        case let error as CatalogError:
            if case let .filing(inner) = error { return isDiskFull(inner) }
            if case let .database(_, code, _) = error { return code & 0xff == 13 }  // SQLITE_FULL
        case let error as SidecarError: if case let .filing(inner) = error { return isDiskFull(inner) }
        default: break
        }
        return false
    }

    static let hostName: String = ProcessInfo.processInfo.hostName
}
