import CamschedCore
import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// Turns a frame into a filed still: encode (JPEG/PNG/WebP), EXIF, file atomically, sidecar,
/// catalog row, `latest` link, then a `captured` event (which starts the `onFile` hook).
struct StillFiler {
    let filing: RunFiling
    let info: StreamInfo
    /// Frames the stream has lost so far (a still's sidecar carries the count at its capture).
    let droppedFrames: Int
    private let encoder = StillEncoder()

    init(filing: RunFiling, info: StreamInfo, droppedFrames: Int) {
        self.filing = filing
        self.info = info
        self.droppedFrames = droppedFrames
    }

    /// Files one still. `scheduledAt` is when the shot was due; `startedAt` when its frame was
    /// captured (wall clock). Returns the location, or nil when filing failed (reported as an
    /// error event; a full disk stops the run).
    @discardableResult
    func file(_ frame: VideoFrame, kind: FileKind, scheduledAt: Date, startedAt: Date,
              exposureOverride: String? = nil, event: SidecarEvent? = nil, light: SidecarLight? = nil) -> FiledLocation? {
        let job = filing.job
        let format = job.still.format
        // The rows of the stills before go now, while this one is encoded and written: their
        // writes share its flush's journal commit (a time-lapse's writer keeps them till then).
        filing.catalogWriter?.writeWaitingRows()
        let data: Data
        do {
            let exif = format == .jpeg && job.output.exif ? exifFields(frame: frame, startedAt: startedAt, light: light) : nil
            data = try encoder.still(frame, format: format, quality: job.still.quality, exif: exif)
        } catch {
            filing.publish(.error("could not encode a still: \(error)"))
            return nil
        }
        // Briefly, and only for rows let go above: written before this still's flush, they are in its commit.
        filing.catalogWriter?.awaitRowsLetGo(timeout: .milliseconds(50))
        let describe = { (location: FiledLocation, seq: Int) -> Sidecar in
            sidecar(of: frame, at: location, seq: seq, kind: kind, scheduledAt: scheduledAt, startedAt: startedAt,
                    exposureOverride: exposureOverride, event: event, light: light)
        }
        let location: FiledLocation, seq: Int, sidecarURL: URL?
        do {
            if job.output.sidecar {
                // The still and its sidecar are both on disk under their names before anything is
                // announced: one journal commit on ext4 (see FileFiler).
                let filed = try filing.file(kind, date: scheduledAt, device: info.identity.card, extension: format.fileExtension,
                                            write: { sink in try sink.write(data) }, describe: describe)
                (location, seq, sidecarURL) = (filed.location, filed.seq, filed.location.sidecarURL)
                filing.announce(location, sidecar: filed.sidecar)
            } else {
                let filed = try filing.file(kind, date: scheduledAt, device: info.identity.card, extension: format.fileExtension,
                                            reservingSidecar: false) { sink in try sink.write(data) }
                (location, seq) = (filed.location, filed.seq)
                guard let described = filing.describe(location, sidecar: describe(location, seq), slot: filed.slot) else { return nil }
                sidecarURL = described
            }
        } catch {
            filing.failed(error, message: "could not file a still: \(error)")
            return nil
        }
        filing.publish(.captured(RunEvent.Still(location: location, sidecar: sidecarURL, seq: seq, kind: kind,
                                                scheduledAt: scheduledAt, startedAt: startedAt)))
        return location
    }

    /// The sidecar of a still filed at `location`.
    private func sidecar(of frame: VideoFrame, at location: FiledLocation, seq: Int, kind: FileKind, scheduledAt: Date,
                         startedAt: Date, exposureOverride: String?, event: SidecarEvent?, light: SidecarLight?) -> Sidecar {
        let format = filing.job.still.format
        var sidecar = SidecarBuilder(filing: filing, info: info).sidecar(kind: kind, location: location, startedAt: startedAt,
                                                                          endedAt: filing.clock.now())
        sidecar.frames = 1
        sidecar.droppedFrames = droppedFrames
        sidecar.sequence = SidecarSequenceRange(first: Int64(frame.sequence), last: Int64(frame.sequence))
        sidecar.controls = frame.metadata.controls.mapValues { MetadataValue.integer($0) }
        sidecar.encoder = SidecarEncoder(name: format == .jpeg && frame.pixelFormat == .mjpg ? "camera" : format.encoderName,
                                          codec: format.rawValue, quality: Double(filing.job.still.quality))
        sidecar.seq = seq
        sidecar.scheduledAt = scheduledAt
        if let exposureOverride { sidecar.exposure = .text(exposureOverride) }
        sidecar.event = event
        sidecar.light = light
        sidecar.sensor = frame.metadata.sensor
        return sidecar
    }

    /// The EXIF block; with a ramp's `light`, its exposure time (ExposureTime), gain
    /// (ISOSpeedRatings, 100 × the factor) and brightness (UserComment `brightness 0.432`).
    private func exifFields(frame: VideoFrame, startedAt: Date, light: SidecarLight?) -> ExifFields {
        let identity = info.identity
        let job = filing.job
        var fields = ExifFields(frame: frame, timeZone: job.timeZone, driver: identity.driver, card: identity.card,
                                job: job.name, run: filing.runID, version: CamschedVersion.current)
        fields.captureDate = startedAt
        fields.rotation = job.camera.rotation
        fields.mirror = job.camera.mirror
        if let locked = info.appliedControls.exposureSeconds { fields.exposureTime100Microseconds = Int((locked * 10_000).rounded()) }
        if let seconds = light?.exposureTime { fields.exposureTime100Microseconds = Int((seconds * 10_000).rounded()) }
        if let gain = light?.gain { fields.isoSpeed = Int((gain * 100).rounded()) }
        // The brightness only beside what a ramp set: a still of another job has the EXIF of a snapshot.
        if let brightness = light?.brightness, light?.exposureTime != nil || light?.gain != nil {
            fields.userComment = "brightness " + String(format: "%.3f", brightness)
        }
        return fields
    }
}
