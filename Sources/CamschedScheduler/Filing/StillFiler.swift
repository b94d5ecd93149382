import CamschedCore
import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// Turns a frame into a filed still: encode (JPEG/PNG/WebP), EXIF, file atomically, sidecar,
/// catalog row, `latest` link, then a `captured` event (which starts the `onFile` hook).
struct StillFiler {
    let context: RunContext
    let info: StreamInfo
    /// Frames the stream has lost so far (a still's sidecar carries the count at its capture).
    let droppedFrames: Int
    private let encoder = StillEncoder()

    init(context: RunContext, info: StreamInfo, droppedFrames: Int) {
        self.context = context
        self.info = info
        self.droppedFrames = droppedFrames
    }

    /// Files one still. `scheduledAt` is when the shot was due; `startedAt` when its frame was
    /// captured (wall clock). Returns the location, or nil when filing failed (reported as an
    /// error event; a full disk stops the run).
    @discardableResult
    func file(_ frame: VideoFrame, kind: FileKind, scheduledAt: Date, startedAt: Date,
              exposureOverride: String? = nil, event: Sidecar.Event? = nil) -> FiledLocation? {
        let job = context.job
        let format = job.still.format
        let data: Data
        do {
            let exif = format == .jpeg && job.output.exif ? exifFields(frame: frame, startedAt: startedAt) : nil
            data = try encoder.still(frame, format: format, quality: job.still.quality, exif: exif)
        } catch {
            context.fail("could not encode a still: \(error)")
            return nil
        }
        let seq = context.sequences.take(kind)
        let relative = context.relativePath(kind: kind, seq: seq, date: scheduledAt, device: info.identity.card)
        let location: FiledLocation
        let slot: SidecarSlot?
        do {
            // The sidecar's room is taken before the still is written: a still filed can always be
            // described, and a disk too full for both refuses the still (nothing left `.partial`).
            (location, slot) = try context.filer.file(relativePath: relative, extension: format.fileExtension,
                                                      reservingSidecar: job.output.sidecar) { sink in
                try sink.write(data)
            }
        } catch {
            context.sequences.giveBack(seq, kind)
            if case .diskFull = error { context.diskFull(error) } else { context.fail("could not file a still: \(error)") }
            return nil
        }
        var sidecar = SidecarBuilder(context: context, info: info).sidecar(kind: kind, location: location, startedAt: startedAt,
                                                                            endedAt: context.clock.now())
        sidecar.frames = 1
        sidecar.droppedFrames = droppedFrames
        sidecar.sequence = Sidecar.SequenceRange(first: Int64(frame.sequence), last: Int64(frame.sequence))
        sidecar.controls = frame.metadata.controls.mapValues { MetadataValue.integer($0) }
        sidecar.encoder = Sidecar.Encoder(name: format == .jpeg && frame.pixelFormat == .mjpg ? "camera" : format.encoderName,
                                          codec: format.rawValue, quality: Double(job.still.quality))
        sidecar.seq = seq
        sidecar.scheduledAt = scheduledAt
        if let exposureOverride { sidecar.exposure = .text(exposureOverride) }
        sidecar.event = event
        guard let described = FilingSteps(context: context).complete(location: location, sidecar: sidecar, slot: slot) else { return nil }
        context.publish(.captured(RunEvent.Still(location: location, sidecar: described, seq: seq, kind: kind,
                                                 scheduledAt: scheduledAt, startedAt: startedAt)))
        return location
    }

    private func exifFields(frame: VideoFrame, startedAt: Date) -> ExifFields {
        let identity = info.identity
        var fields = ExifFields(frame: frame, timeZone: context.job.timeZone, driver: identity.driver, card: identity.card,
                                job: context.job.name, run: context.runID, version: CamschedVersion.current)
        fields.captureDate = startedAt
        fields.rotation = context.job.camera.rotation
        fields.mirror = context.job.camera.mirror
        if let locked = info.appliedControls.exposureValue { fields.exposureTime100Microseconds = Int(locked) }
        return fields
    }
}
