import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation
import Logging

/// Runs one job once, now: what `camsched run` does and what the daemon does at each fire.
///
/// The run files all it can: a failure half-way (camera lost for good, disk full, pressure at
/// shutdown) still leaves every complete file filed and described, and is exit code 1.
public final class JobRunner: @unchecked Sendable {
    public let job: Job
    public let options: RunOptions
    public let stop: StopSignal
    let logger: Logger

    public init(job: Job, options: RunOptions, stop: StopSignal = StopSignal(), logger: Logger = Logger(label: "camsched.run")) {
        self.job = job
        self.options = options
        self.stop = stop
        self.logger = logger
    }

    /// Runs the job on a dedicated thread (capture and encoding block) and returns its exit code.
    public func run() async -> RunExitCode {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in continuation.resume(returning: runBlocking()) }
            thread.name = "camsched.job"
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    /// Runs the job on the calling thread.
    public func runBlocking() -> RunExitCode {
        let events = EventSink(json: options.json)
        let progress = ProgressLine(enabled: options.progress)
        let root = (options.outputRoot ?? job.output.root).standardizedFileURL
        let runID = RunIdentifier.make()
        let template: PathTemplate
        do { template = try PathTemplate(parsing: job.output.path) } catch {
            logger.error("\(error)")
            return .invalidInput
        }
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            logger.error("cannot create the output folder \(root.path): \(error.localizedDescription)")
            return .runtimeFailure
        }
        // Partial files left by a killed run are recovered first, so nothing is lost.
        let catalog: Catalog?
        catalog = job.output.catalog ? Catalog.openOrRebuild(root: root, logger: logger).catalog : nil
        RecoveryStep(root: root, catalog: catalog, logger: logger).run()

        let hooks = HookRunner(logger: logger, timeout: job.hooks.timeout)
        let context = RunContext(job: job, runID: runID, root: root, options: options, logger: logger, events: events,
                                 progress: progress, stop: stop, catalog: catalog, template: template, hooks: hooks)
        defer {
            progress.finish()
            // Hooks never delay capture, but a run waits (briefly) for them before it exits.
            let finished = DispatchSemaphore(value: 0)
            Task {
                await hooks.waitForAll(timeout: .seconds(5))
                finished.signal()
            }
            finished.wait()
        }

        // The camera, then its lock.
        let devices = options.device.map { [$0] } ?? job.camera.devices
        let baseDirectory = job.sourceURL?.deletingLastPathComponent()
        let firstCamera: any Camera
        do {
            firstCamera = try DeviceSelector.open(devices, baseDirectory: baseDirectory)
        } catch {
            logger.error("\(error)")
            events.emit(RunEvent("error", ["message": "\(error)"]))
            if case .invalidURI = error { return .invalidInput }
            return error.isUnavailable ? .cameraUnavailable : .runtimeFailure
        }
        let (lock, outcome) = CameraLock.acquire(key: firstCamera.identity.stableKey, policy: options.lockPolicy,
                                                  cancelled: { [stop] in stop.isRequested })
        if case let .held(holder) = outcome {
            firstCamera.close()
            if stop.isRequested { return stop.signalExitCode ?? .runtimeFailure }
            let who = holder.map { " (\($0))" } ?? ""
            switch options.lockPolicy {
            case .skip:
                logger.notice("skipped: camera \(firstCamera.identity.path) is held by another camsched\(who)")
                events.emit(RunEvent("done", ["status": "skipped", "reason": "camera held by another camsched"]))
                return .success
            default:
                logger.error("camera \(firstCamera.identity.path) is held by another camsched\(who); use --lock wait to queue behind it")
                events.emit(RunEvent("error", ["message": "camera held by another camsched\(who)"]))
                return .lockHeld
            }
        }
        defer { lock?.release() }
        try? catalog?.beginRun(id: runID, job: job.name, startedAt: context.startedAt, host: RunContext.hostName,
                               pid: Int(getpid()))

        events.emit(RunEvent("start", [
            "job": job.name, "run": runID, "kind": job.capture.kindName, "root": root.path,
            "device": firstCamera.identity.path, "card": firstCamera.identity.card,
        ]))
        logger.info("run \(runID) of \(job.name) on \(firstCamera.identity.path) (\(firstCamera.identity.card))")

        var reusable: (any Camera)? = firstCamera
        let purpose: CameraRequest.Purpose = { if case .record = job.capture { return .video } else { return .still } }()
        let request = CameraRequest(job: job, purpose: purpose)
        // What `camera.size` unset means, read before camsched changes anything.
        let defaultMode = firstCamera.currentMode()
        // Opens (or re-opens, after a loss) the camera and configures it as the job says.
        let openSession: () throws(CameraError) -> CaptureSession = { [logger] () throws(CameraError) -> CaptureSession in
            let camera: any Camera
            if let first = reusable {
                camera = first
                reusable = nil
            } else {
                camera = try DeviceSelector.reopen(identity: firstCamera.identity, uris: devices, baseDirectory: baseDirectory)
            }
            let session = CaptureSession(camera: camera, logger: logger)
            do throws(CameraError) {
                try session.configure(request, defaultMode: defaultMode)
            } catch {
                camera.close()
                throw error
            }
            for warning in session.warnings { context.emit("warning", ["message": warning]) }
            return session
        }

        var exit: RunExitCode = .success
        do {
            switch job.capture {
            case let .interval(spec):
                RetentionStep(context: context).apply()
                let sources = PressureSources.make(job: job, root: root, options: options)
                var interval = IntervalCapture(context: context, spec: spec, openSession: openSession)
                interval.monitor = PressureMonitor(sources: sources.all, recoverAfter: job.throttle.recoverAfter.secondsValue)
                let stills = try interval.run()
                if let fps = spec.assembleFPS, stills.count > 1, !context.stop.isRequested || context.stop.signalExitCode != nil {
                    AssembleStep(context: context, fps: fps).run(stills: stills)
                }
            case let .burst(spec):
                RetentionStep(context: context).apply()
                let session = try openSession()
                if let problem = BurstCapture.check(spec, session: session) {
                    session.close()
                    logger.error("\(problem)")
                    events.emit(RunEvent("error", ["message": problem]))
                    return .invalidInput
                }
                _ = try BurstCapture(context: context, spec: spec, session: session).run()
            case let .record(spec):
                let sources = PressureSources.make(job: job, root: root, options: options)
                let monitor = PressureMonitor(sources: sources.all, recoverAfter: job.throttle.recoverAfter.secondsValue)
                let policy = ThrottlePolicy(serious: job.throttle.serious, critical: job.throttle.critical,
                                            stopAtShutdown: job.throttle.shutdown == .stop,
                                            recoverAfter: job.throttle.recoverAfter.secondsValue)
                try RecordCapture(context: context, spec: spec, monitor: monitor, lag: sources.lag, throttle: policy,
                                  openSession: openSession).run()
            }
        } catch {
            context.fail("\(error)")
            if context.withState({ $0.filedCount == 0 }), error.isUnavailable { exit = .cameraUnavailable }
            if case .unsupportedMode = error, context.withState({ $0.filedCount == 0 }) { exit = .invalidInput }
            if case .unsupportedControl = error, context.withState({ $0.filedCount == 0 }) { exit = .invalidInput }
        }

        let state = context.withState { $0 }
        if exit == .success {
            if let code = stop.signalExitCode { exit = code } else if !state.failures.isEmpty || stop.isRequested { exit = .runtimeFailure }
        }
        let summary: [String: any Sendable] = [
            "job": job.name, "run": runID, "exitCode": Int(exit.rawValue), "stills": state.stillsFiled,
            "segments": state.segmentsFiled, "skipped": state.skippedShots, "files": state.firstFiled, "filesTotal": state.filedCount,
            "failures": state.failures, "elapsed": Date().timeIntervalSince(context.startedAt),
            "status": exit == .success ? "ok" : (stop.signalExitCode != nil ? "stopped" : "failed"),
        ]
        try? catalog?.endRun(id: runID, endedAt: Date(), status: .init(exitCode: Int(exit.rawValue)), exitCode: Int(exit.rawValue))
        if let hook = job.hooks.onRunEnd {
            _ = hooks.start(hook, event: .runEnd, context: HookContext(job: job.name, run: runID, file: state.lastFiled?.url.path))
        }
        events.emit(RunEvent("done", summary))
        progress.finish()
        let where_ = state.filedCount == 0 ? "" : " under \(root.path)"
        let skippedText = state.skippedShots > 0 ? ", \(state.skippedShots) shot(s) skipped" : ""
        let exitText = exit == .success ? "" : " — exit \(exit.rawValue)"
        logger.notice("\(job.name): \(state.stillsFiled) still(s), \(state.segmentsFiled) video file(s) filed\(where_)\(skippedText)\(exitText)")
        return exit
    }

}
