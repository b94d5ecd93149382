import CamschedCapture
import CamschedFiling
import CamschedJobs
import Foundation

/// The fields every sidecar of a run shares: job, run, device, format, requested rate, the
/// settings as applied, the run's pressure list so far, and the camera losses that came right
/// before the file (``InterruptionClaims``); a time-lapse, made of the whole run, lists all.
struct SidecarBuilder {
    let filing: RunFiling
    let info: StreamInfo?

    func sidecar(kind: FileKind, location: FiledLocation, startedAt: Date, endedAt: Date) -> Sidecar {
        let job = filing.job
        var sidecar = Sidecar(job: job.name, run: filing.runID, kind: kind, file: location.relativePath, bytes: location.bytes,
                              sha256: location.sha256, startedAt: startedAt, endedAt: endedAt, host: CatalogRuns.hostName,
                              camschedVersion: CamschedVersion.current)
        if let info {
            let identity = info.identity
            sidecar.device = SidecarDevice(path: identity.path, card: identity.card, driver: identity.driver, bus: identity.bus)
            let format = info.format
            sidecar.format = SidecarFormat(pixelFormat: format.pixelFormat.description, width: format.width, height: format.height)
            sidecar.fps = SidecarFrameRate(requested: job.camera.fps ?? format.fps, actual: format.fps)
            let applied = info.appliedControls
            sidecar.exposure = applied.exposure.map { .text($0) }
            sidecar.focus = applied.focus.map { .text($0) }
            sidecar.whiteBalance = applied.whiteBalance.map { .text($0) }
        }
        if filing.report.rehearsal != nil { sidecar.rehearsal = true }
        sidecar.pressure = filing.record.pressureLog
        let log = filing.record.interruptionLog
        sidecar.interruptions = kind == .timelapse ? log
            : filing.interruptionClaims.take(from: log, kind: kind, before: startedAt)
        return sidecar
    }
}
