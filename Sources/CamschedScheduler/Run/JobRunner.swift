import CamschedCapture
import CamschedCore
import CamschedFiling
import CamschedJobs
import Foundation
import Logging

/// Runs one job once, now: what `camsched run` does and what the daemon does at each fire.
///
/// The run files all it can: a failure half-way (camera lost for good, disk full, pressure at
/// shutdown) still leaves every complete file filed and described, and is exit code 1.
package final class JobRunner: Sendable {
    package let job: Job
    package let options: RunOptions
    package let stop: StopSignal
    let logger: Logger
    /// Further subscribers of the run's events (the daemon's notifier, a status page).
    package let subscribers: [any RunEventSubscriber]
    /// The clock the capture modes run on.
    package let clock: any CaptureClock
    /// Sees every frame the capture mode pulls (the live status page); nil: nothing looks.
    package let frameTap: FrameTap?

    package init(job: Job, options: RunOptions, stop: StopSignal = StopSignal(), logger: Logger = Logger(label: "camsched.run"),
                subscribers: [any RunEventSubscriber] = [], clock: any CaptureClock = SystemCaptureClock(), frameTap: FrameTap? = nil) {
        self.job = job
        self.options = options
        self.stop = stop
        self.logger = logger
        self.subscribers = subscribers
        self.clock = clock
        self.frameTap = frameTap
    }

    /// Runs the job on a dedicated thread (capture and encoding block) and returns its exit code.
    package func run() async -> RunExitCode {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in continuation.resume(returning: runBlocking()) }
            thread.name = "camsched.job"
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    /// Runs the job on the calling thread.
    package func runBlocking() -> RunExitCode {
        // A rehearsal's clock starts here: its window, shots, names and sidecars follow it.
        guard case let .success(rehearsal) = startRehearsal() else { return .invalidInput }
        let clock: any CaptureClock = rehearsal ?? self.clock
        let job: Job
        switch IntervalWindowStart(job: rehearsal.map { $0.rehearsal.prepared(self.job) } ?? self.job, clock: clock, stop: stop,
                                   logger: logger).prepare() {
        case let .run(resolved): job = resolved
        case let .finished(code): return code
        }
        let setup: RunSetup
        switch RunSetup.prepare(job: job, options: options, logger: logger) {
        case let .success(prepared): setup = prepared
        case let .failure(code): return code
        }
        let progress = ProgressLine(enabled: options.progress)
        let bus = RunEventBus([RunLog(logger: logger)] + subscribers)
        if options.json { bus.subscribe(JSONEventWriter(job: job.name)) }
        bus.subscribe(progress)
        let report = RunReporter(events: bus, clock: clock, logger: logger)
        let runID = options.runID ?? RunIdentifier.make()
        let startedAt = clock.now()
        let record = RunRecord()
        let filing = RunFiling(job: job, runID: runID, root: setup.root, template: setup.template, report: report, record: record,
                               stop: stop, openCatalog: setup.openCatalog, rootFiles: setup.rootFiles)
        bus.subscribe(record)
        // Runs last, after the hooks were waited for: the catalog's rows get the longest time.
        defer { filing.finishCatalog() }
        let hooks = HookRunner(logger: logger, timeout: job.hooks.timeout,
                               withheld: CameraCredentialsSource.withheldVariables(job.camera.credentials)
                                   .union(MQTTSpec.withheldVariables(job.mqtt)))
        bus.subscribe(HookSubscriber(hooks: job.hooks, runner: hooks, job: job.name, run: runID, rehearsal: rehearsal != nil))
        if let writer = filing.catalogWriter {
            bus.subscribe(CatalogRunSubscriber(writer: writer, startedAt: startedAt, host: RunHost.name))
        }
        defer {
            progress.finish()
            Self.waitForHooks(hooks, stop: stop)
        }
        let camera: CameraAcquisition
        switch CameraAcquisition.acquire(job: job, options: options, runID: runID, report: report, stop: stop,
                                         sceneClock: rehearsal?.sceneClock) {
        case let .success(acquired): camera = acquired
        case let .failure(code): return code
        }
        defer { camera.lock?.release() }
        let (exit, droppedFrames) = capture(job, camera: camera, report: report, filing: filing, rehearsal: rehearsal)
        // The rows first: the run says it is done once they are in the catalog, or says what is left.
        let rowsLeft = filing.drainCatalog()
        let endFailures = subscribers.compactMap { ($0 as? any RunEndCheck)?.failureAtRunEnd() }
        return RunSummary(filing: filing, report: report, startedAt: startedAt)
            .finish(exit, droppedFrames: droppedFrames, catalogRowsLeft: rowsLeft, endFailures: endFailures)
    }

    /// Runs the job's capture mode on the camera's stream; the exit code when it could not start,
    /// and the frames the stream lost. The camera runs on the real clock; a rehearsal's mode sees
    /// its frames on the simulated one (``RehearsalFrameStream``).
    private func capture(_ job: Job, camera: CameraAcquisition, report: RunReporter, filing: RunFiling,
                         rehearsal: RehearsalClock?) -> (RunExitCode, Int) {
        let identity = camera.first.identity
        if let warning = rehearsal?.rehearsal.realCameraWarning(devices: camera.devices, baseDirectory: camera.baseDirectory) {
            report.warn(warning)
        }
        report.publish(.started(.init(job: job.name, run: filing.runID, kind: job.capture.kind.rawValue, root: filing.root.path,
                                      device: identity.path, card: identity.card, rehearsal: rehearsal?.rehearsal)))
        let warmup = job.camera.warmup(cameraSettles: camera.first.settlesAfterStart)
        let stop = self.stop
        let cameraStream = CameraStream(warmup: warmup, clock: clock, logger: logger, cancelled: { stop.isRequested },
                                        open: camera.opener(job: job, report: report))
        cameraStream.framesOnRequest = Self.takesOneFrame(job)
        let tapped: any FrameStream = frameTap.map { TappedFrameStream(cameraStream, tap: $0) } ?? cameraStream
        let stream: any FrameStream = rehearsal.map { RehearsalFrameStream(tapped, clock: $0) } ?? tapped
        defer { frameTap?.paused() }
        var mode = ModeChoice.make(job: job, options: options, report: report, stop: stop, filing: filing)
        do {
            try mode.run(stream)
        } catch {
            report.fail("\(error)")
            let nothingFiled = filing.record.snapshot.filedCount == 0
            if nothingFiled, error.isUnavailable { return (.cameraUnavailable, stream.droppedFrames) }
            if nothingFiled, case .unsupportedMode = error { return (.invalidInput, stream.droppedFrames) }
            if nothingFiled, case .unsupportedControl = error { return (.invalidInput, stream.droppedFrames) }
        }
        if let assembly = mode.assembly, assembly.stills.count > 1, !stop.isRequested || stop.signalExitCode != nil {
            var deflicker = false
            if case let .interval(spec) = job.capture { deflicker = spec.assembleDeflicker }
            AssembleStep(filing: filing, fps: assembly.fps, deflicker: deflicker).run(stills: assembly.stills)
        }
        return (.success, stream.droppedFrames)
    }

    /// A rehearsal's clock, started now (nil for a real run); a failure when the rehearsal cannot
    /// run this job (``Rehearsal/problem(job:devices:baseDirectory:)``, logged).
    private func startRehearsal() -> Result<RehearsalClock?, RunExitCode> {
        guard let rehearsal = options.rehearsal else { return .success(nil) }
        if let problem = rehearsal.problem(job: job, devices: options.device.map { [$0] } ?? job.camera.devices,
                                           baseDirectory: job.sourceURL?.deletingLastPathComponent()) {
            logger.error("\(problem)")
            return .failure(.invalidInput)
        }
        return .success(RehearsalClock(rehearsal, base: clock))
    }

    /// Whether the job files one still from one frame (a one-shot interval, what a cron line runs,
    /// without an exposure ramp, which meters frames before it): its frame is taken when the
    /// shot pulls it, without a capture thread (``CameraStream/framesOnRequest``).
    static func takesOneFrame(_ job: Job) -> Bool {
        guard case let .interval(spec) = job.capture, spec.count == 1 else { return false }
        return ExposureRampDriver(job: job, every: spec.every) == nil
    }

    /// Hooks never delay capture, but a run waits (briefly) for them before it exits.
    /// On SIGTERM running hooks are ended within the 2 s shutdown budget.
    private static func waitForHooks(_ hooks: HookRunner, stop: StopSignal) {
        let finished = DispatchSemaphore(value: 0)
        Task {
            await hooks.waitForAll(timeout: .seconds(5), stopRequested: { stop.isRequested })
            finished.signal()
        }
        finished.wait()
    }
}
