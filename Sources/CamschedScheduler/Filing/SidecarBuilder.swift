import CamschedCapture
import CamschedFiling
import CamschedJobs
import Foundation

/// The fields every sidecar of a run shares: job, run, device, format, requested rate, the
/// settings as applied, and the run's pressure and interruption lists so far.
struct SidecarBuilder {
    let context: RunContext
    let info: StreamInfo?

    func sidecar(kind: FileKind, location: FiledLocation, startedAt: Date, endedAt: Date) -> Sidecar {
        let job = context.job
        var sidecar = Sidecar(job: job.name, run: context.runID, kind: kind, file: location.relativePath, bytes: location.bytes,
                              sha256: location.sha256, startedAt: startedAt, endedAt: endedAt, host: RunContext.hostName,
                              camschedVersion: CamschedVersion.current)
        if let info {
            let identity = info.identity
            sidecar.device = Sidecar.Device(path: identity.path, card: identity.card, driver: identity.driver, bus: identity.bus)
            let format = info.format
            sidecar.format = Sidecar.Format(pixelFormat: format.pixelFormat.description, width: format.width, height: format.height)
            sidecar.fps = Sidecar.FrameRate(requested: job.camera.fps ?? format.fps, actual: format.fps)
            let applied = info.appliedControls
            sidecar.exposure = applied.exposure.map { .text($0) }
            sidecar.focus = applied.focus.map { .text($0) }
            sidecar.whiteBalance = applied.whiteBalance.map { .text($0) }
        }
        sidecar.pressure = context.record.pressureLog
        sidecar.interruptions = context.record.interruptionLog
        return sidecar
    }
}

/// The steps after a file is under its final name, shared by stills and videos.
struct FilingSteps {
    let context: RunContext

    /// Writes the sidecar (into `slot`, the room reserved with the file, when there is one)
    /// and the catalog row, then the `latest` link. Returns the sidecar's location
    /// (`.some(nil)` when sidecars are off), or nil when the file could not be described (the
    /// disk filled up, say): it is then put back as `NAME.EXT.partial`, so that no file sits
    /// under a final name without a description, and the next start recovers it. The catalog
    /// row is handed to the run's ``CatalogWriter``: the file stays filed whatever becomes of
    /// it, and a row that cannot be written is added from the sidecar by the next start.
    func complete(location: FiledLocation, sidecar: Sidecar, slot: SidecarSlot? = nil) -> URL?? {
        let job = context.job
        do {
            if job.output.sidecar { try sidecar.write(to: location.sidecarURL, slot: slot) } else { slot?.release() }
        } catch {
            try? FileManager.default.removeItem(at: location.sidecarURL)
            let partial = location.url.path + ".partial"
            if rename(location.url.path, partial) != 0 { try? FileManager.default.removeItem(at: location.url) }
            if RunContext.isDiskFull(error) { context.diskFull(error) } else {
                context.fail("could not describe \(location.relativePath) (\(error)); kept as a partial file for the next start to recover")
            }
            return nil
        }
        // The row is handed to the run's catalog writer and never waited for: a locked, full or
        // damaged catalog delays the row, never the file (the sidecar is the truth).
        context.catalogWriter?.enqueue(.record(sidecar))
        if job.output.latest {
            do { _ = try LatestLink.update(folder: latestFolder(), target: location.url) } catch {
                context.warn("could not update the latest link: \(error)")
            }
        }
        return .some(job.output.sidecar ? location.sidecarURL : nil)
    }

    /// The job's folder under root: the first component of the template when it is `{job}`,
    /// else the root.
    func latestFolder() -> URL {
        if context.job.output.path.hasPrefix("{job}/") { return context.root.appendingPathComponent(context.job.name) }
        return context.root
    }

    /// The latest link's path under root without extension: `JOB/latest` or `latest`.
    static func latestName(of job: Job) -> String {
        (job.output.path.hasPrefix("{job}/") ? job.name + "/" : "") + "latest"
    }
}
