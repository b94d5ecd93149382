import CamschedCore
import CamschedCapture
import CamschedJobs
import Foundation

/// The run's camera: the first of the job's devices that opens, and its lock (`--lock`).
struct CameraAcquisition {
    let first: Camera
    let lock: CameraLock?
    let devices: [String]
    let baseDirectory: URL?
    /// The run's stop: a network camera's waits (an open, a frame) end at once at it.
    let stop: StopSignal
    /// A rehearsal's clock for a `test:?scene=day` camera's scene; nil: the URI's.
    var sceneClock: DaySceneClock? = nil

    static func acquire(job: Job, options: RunOptions, runID: String, report: RunReporter,
                        stop: StopSignal, sceneClock: DaySceneClock? = nil) -> Result<CameraAcquisition, RunExitCode> {
        let devices = options.device.map { [$0] } ?? job.camera.devices
        let baseDirectory = job.sourceURL?.deletingLastPathComponent()
        let camera: Camera
        do {
            camera = try DeviceSelector.open(devices, baseDirectory: baseDirectory, credentials: job.camera.credentials,
                                             sceneClock: sceneClock, cancelled: { stop.isRequested })
        } catch {
            // A signal during a network camera's open: a stop, not a camera that failed.
            if let code = stop.signalExitCode { return .failure(code) }
            report.fail("\(error)")
            if case .invalidURI = error { return .failure(.invalidInput) }
            if case .credentialsUnusable = error { return .failure(.invalidInput) }
            return .failure(error.isUnavailable ? .cameraUnavailable : .runtimeFailure)
        }
        // A network camera is not locked: its server streams to each client, so a recording and
        // a time-lapse of one camera run side by side (a USB camera opens for one process only).
        if camera.identity.isNetworkCamera {
            return .success(CameraAcquisition(first: camera, lock: nil, devices: devices, baseDirectory: baseDirectory, stop: stop,
                                              sceneClock: sceneClock))
        }
        let path = camera.identity.path
        var waitedSince: Date?
        let (lock, outcome) = CameraLock.acquire(key: camera.identity.stableKey, policy: options.lockPolicy, job: job.name,
                                                  cancelled: { stop.isRequested }) { holder in
            // Said once, at once: a run queued behind another for minutes must not look hung.
            waitedSince = Date()
            let who = holder ?? "its process is not known"
            report.logger.notice("waiting for camera \(path): another camsched holds it (\(who)); this run starts when it lets go (--lock fail or skip would not wait)")
        }
        guard case let .held(holder) = outcome else {
            if let waitedSince {
                report.logger.notice("got camera \(path) after waiting \(String(format: "%.1f", Date().timeIntervalSince(waitedSince))) s")
            }
            return .success(CameraAcquisition(first: camera, lock: lock, devices: devices, baseDirectory: baseDirectory, stop: stop,
                                              sceneClock: sceneClock))
        }
        camera.close()
        if stop.isRequested { return .failure(stop.signalExitCode ?? .runtimeFailure) }
        let who = holder.map { " (\($0))" } ?? ""
        if options.lockPolicy == .skip {
            report.logger.notice("skipped: camera \(camera.identity.path) is held by another camsched\(who)")
            report.publish(.done(.init(job: job.name, run: runID, status: .skipped, exitCode: 0, stills: 0, segments: 0,
                                        skipped: 0, filesTotal: 0, files: [], failures: [], elapsed: 0)))
            return .failure(.success)
        }
        report.fail("camera \(camera.identity.path) is held by another camsched\(who); use --lock wait to queue behind it")
        return .failure(.lockHeld)
    }

    /// Opens (the first time: the camera already open; after a loss: the same camera found again
    /// by its stable identity) and configures the camera as the job says.
    func opener(job: Job, report: RunReporter) -> CameraStream.Opener {
        let purpose: CameraRequest.Purpose = {
            switch job.capture {
            case let .record(spec): return spec.copiesCameraStream ? .copy : spec.autoCopies ? .copyIfOffered : .video
            case let .trigger(spec): return spec.encoding.copiesCameraStream ? .copy : .video
            case .interval, .burst: return .still
            }
        }()
        let request = CameraRequest(job: job, purpose: purpose)
        // What `camera.size` unset means, read before camsched changes anything.
        let defaultMode = first.currentMode()
        var reusable: (Camera)? = first
        // A camera that comes back gets the mode and rate it had, without enumerating its modes again.
        var chosen: CaptureSession.ChosenMode?
        let (identity, devices, baseDirectory, logger, stop) = (first.identity, devices, baseDirectory, report.logger, stop)
        let (credentials, sceneClock) = (job.camera.credentials, sceneClock)
        // A camera that came back changed is said once (attempts come twice a second), at warning level.
        var warned: String?
        return { () throws(CameraError) -> CaptureSession in
            let camera: Camera
            let began = MonotonicClock.nanoseconds()
            if let camera0 = reusable {
                camera = camera0
                reusable = nil
            } else {
                camera = try DeviceSelector.reopen(identity: identity, uris: devices, baseDirectory: baseDirectory,
                                                   credentials: credentials, sceneClock: sceneClock, cancelled: { stop.isRequested })
            }
            let found = MonotonicClock.nanoseconds()
            let session = CaptureSession(camera: camera, logger: logger)
            do throws(CameraError) {
                try session.configure(request, defaultMode: defaultMode, reusing: chosen)
                chosen = session.chosenMode
            } catch {
                camera.close()
                if case .cameBackChanged = error, warned != error.description {
                    warned = error.description
                    report.warn(error.description)
                }
                throw error
            }
            logger.debug("camera found in \(Double(found - began) / 1e9) s, configured after \(Double(MonotonicClock.nanoseconds() - began) / 1e9) s")
            for warning in session.warnings { report.warn(warning) }
            return session
        }
    }
}
