import CamschedCapture
import CamschedFiling
import CamschedJobs
import Foundation
import Logging
import Synchronization

/// Everything one run of a job shares: the job, where it files, how it reports, and what
/// has happened so far (pressure changes, interruptions, counts).
final class RunContext: @unchecked Sendable {
    let job: Job
    let runID: String
    let root: URL
    let options: RunOptions
    let logger: Logger
    let events: EventSink
    let progress: ProgressLine
    let stop: StopSignal
    let filer: FileFiler
    let catalog: Catalog?
    let template: PathTemplate
    let hooks: HookRunner
    let startedAt = Date()

    private let state = Mutex(State())

    struct State {
        var sequence = 0
        /// How many files this run filed, and the first few and the last (a run of a day
        /// files tens of thousands: the full list lives in the catalog, not in memory).
        var filedCount = 0
        var firstFiled: [String] = []
        var lastFiled: FiledLocation?
        var stillsFiled = 0
        var segmentsFiled = 0
        var skippedShots = 0
        var failures: [String] = []
        var pressure: [Sidecar.PressureChange] = []
        var interruptions: [Sidecar.Interruption] = []
        var droppedFrames = 0
        var deviceName = "camera"
    }

    init(job: Job, runID: String, root: URL, options: RunOptions, logger: Logger, events: EventSink,
         progress: ProgressLine, stop: StopSignal, catalog: Catalog?, template: PathTemplate, hooks: HookRunner) {
        self.job = job
        self.runID = runID
        self.root = root
        self.options = options
        self.logger = logger
        self.events = events
        self.progress = progress
        self.stop = stop
        self.filer = FileFiler(root: root)
        self.catalog = catalog
        self.template = template
        self.hooks = hooks
    }

    func withState<T>(_ body: (inout State) -> T) -> T { state.withLock { body(&$0) } }

    /// The next `{seq}` value (1-based, per run).
    func nextSequence() -> Int { state.withLock { $0.sequence += 1; return $0.sequence } }

    /// The relative path (no extension) for a file of `kind` taken at `date`.
    func relativePath(kind: FileKind, seq: Int, date: Date, device: String) -> String {
        template.render(job: job.name, run: runID, seq: seq, kind: kind.rawValue, device: device, date: date,
                        timeZone: job.timeZone)
    }

    func emit(_ name: String, _ fields: [String: any Sendable] = [:]) {
        events.emit(RunEvent(name, fields))
    }

    func warn(_ message: String) {
        logger.warning("\(message)")
        emit("warning", ["message": message])
    }

    /// Records a run-time failure (the run then exits 1).
    func fail(_ message: String) {
        logger.error("\(message)")
        emit("error", ["message": message])
        state.withLock { $0.failures.append(message) }
    }

    var pressureLog: [Sidecar.PressureChange] { state.withLock { $0.pressure } }
    var interruptionLog: [Sidecar.Interruption] { state.withLock { $0.interruptions } }

    /// Stops the run because the output filesystem is full, naming it and its free space.
    func diskFull(_ error: any Error) {
        let mount = FilesystemSpace.mountPoint(of: root.path)
        let free = (try? FilesystemSpace.freeBytes(at: root.path)).map { "\($0 / 1024) KiB free" } ?? "free space unknown"
        fail("disk full: the filesystem at \(mount) (\(free)) cannot take more (\(error)); what was complete is filed")
        stop.request(.shutdown("disk full"))
    }

    /// Whether an error from a writer means the disk is full.
    static func isDiskFull(_ error: any Error) -> Bool {
        if case .diskFull? = error as? FilingError { return true }
        let text = "\(error)"
        return text.contains("No space left") || text.contains("ENOSPC") || text.contains("Disk quota")
    }

    static let hostName: String = ProcessInfo.processInfo.hostName
}
