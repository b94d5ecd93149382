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
    let progress: ProgressLine
    let stop: StopSignal
    let filer: FileFiler
    let catalog: Catalog?
    let template: PathTemplate
    let startedAt: Date
    /// The `{seq}` numbers, one sequence per kind of file.
    let sequences = FileSequences()

    struct Services: Sendable {
        var clock: any CaptureClock = SystemCaptureClock()
        var logger: Logger
        var events: RunEventBus
        var record: RunRecord
        var progress: ProgressLine
        var stop: StopSignal
        var catalog: Catalog?
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
        progress = services.progress
        stop = services.stop
        // No file takes the name of the job's latest link (a link never replaces a file).
        let filer = FileFiler(root: root, runID: runID)
        self.filer = job.output.latest ? filer.avoiding(name: FilingSteps.latestName(of: job)) : filer
        catalog = services.catalog
        template = services.template
        startedAt = services.clock.now()
    }

    /// The relative path (no extension) for a file of `kind` taken at `date`.
    func relativePath(kind: FileKind, seq: Int, date: Date, device: String) -> String {
        template.render(job: job.name, run: runID, seq: seq, kind: kind.rawValue, device: device, date: date,
                        timeZone: job.timeZone)
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
