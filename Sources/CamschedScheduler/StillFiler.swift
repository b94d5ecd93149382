import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// Turns a frame into a filed still: encode (JPEG/PNG/WebP), EXIF, file atomically, sidecar,
/// catalog row, `latest` link, `onFile` hook, `capture` event.
struct StillFiler {
    let context: RunContext
    let session: CaptureSession
    private let encoder = StillEncoder()

    init(context: RunContext, session: CaptureSession) {
        self.context = context
        self.session = session
    }

    /// Files one still. `scheduledAt` is when the shot was due; `startedAt` when its frame was
    /// captured (wall clock). Returns the location, or nil when filing failed (recorded as a
    /// failure; `diskFull` stops the run).
    @discardableResult
    func file(_ frame: VideoFrame, kind: FileKind, scheduledAt: Date?, startedAt: Date,
              exposureOverride: String? = nil) -> FiledLocation? {
        let job = context.job
        let format = CamschedMedia.StillFormat(rawValue: job.still.format.rawValue) ?? .jpeg
        // Rotation, mirroring and digital zoom travel in the frame's metadata (set by the session).
        let data: Data
        do {
            var encoded = try encoder.encode(frame, format: format, quality: job.still.quality)
            if format == .jpeg && job.output.exif {
                encoded = try ExifWriter.insert(exifFields(frame: frame, startedAt: startedAt), into: encoded)
            }
            data = encoded
        } catch {
            context.fail("could not encode a still: \(error)")
            return nil
        }
        let seq = context.nextSequence()
        let identity = session.camera.identity
        let relative = context.relativePath(kind: kind, seq: seq, date: scheduledAt ?? startedAt, device: identity.card)
        let location: FiledLocation
        do {
            location = try context.filer.file(relativePath: relative, extension: format.fileExtension) { sink in
                try sink.write(data)
            }
        } catch {
            handle(error)
            return nil
        }
        let endedAt = Date()
        var sidecar = Sidecar(job: job.name, run: context.runID, kind: kind, file: location.relativePath, bytes: location.bytes,
                              sha256: location.sha256, startedAt: startedAt, endedAt: endedAt,
                              host: RunContext.hostName, camschedVersion: CamschedVersion.current)
        sidecar.device = Sidecar.Device(path: identity.path, card: identity.card, driver: identity.driver, bus: identity.bus)
        if let f = session.format {
            sidecar.format = Sidecar.Format(pixelFormat: f.pixelFormat.description, width: f.width, height: f.height)
            sidecar.fps = Sidecar.FrameRate(requested: job.camera.fps ?? f.fps, actual: f.fps)
        }
        sidecar.frames = 1
        sidecar.droppedFrames = session.camera.droppedFrames
        sidecar.sequence = Sidecar.SequenceRange(first: Int64(frame.sequence), last: Int64(frame.sequence))
        sidecar.controls = frame.metadata.controls.mapValues { MetadataValue.integer($0) }
        sidecar.encoder = Sidecar.Encoder(name: format == .jpeg && frame.pixelFormat == .mjpg ? "camera" : format.encoderName,
                                          codec: format.rawValue, quality: Double(job.still.quality))
        sidecar.pressure = context.pressureLog
        sidecar.interruptions = context.interruptionLog
        sidecar.seq = seq
        sidecar.scheduledAt = scheduledAt
        let applied = session.appliedControls
        sidecar.exposure = exposureOverride.map { .text($0) } ?? applied.exposure.map { .text($0) }
        sidecar.focus = applied.focus.map { .text($0) }
        sidecar.whiteBalance = applied.whiteBalance.map { .text($0) }
        guard finishFiling(location: location, sidecar: sidecar, kind: kind) else { return nil }
        context.withState { $0.stillsFiled += 1 }
        context.emit("capture", [
            "file": location.relativePath, "seq": seq, "kind": kind.rawValue, "bytes": location.bytes,
            "scheduledAt": scheduledAt.map { RFC3339.string(from: $0) } ?? "", "startedAt": RFC3339.string(from: startedAt),
            "lateMs": scheduledAt.map { (startedAt.timeIntervalSince($0) * 1000 * 1000).rounded() / 1000 } ?? 0,
        ])
        return location
    }

    /// Sidecar, catalog, latest link and hook for a file that is already under its final name.
    func finishFiling(location: FiledLocation, sidecar: Sidecar, kind: FileKind) -> Bool {
        FilingSteps(context: context).complete(location: location, sidecar: sidecar, kind: kind)
    }

    private func handle(_ error: FilingError) {
        if case .diskFull = error {
            context.diskFull(error)
        } else {
            context.fail("could not file a still: \(error)")
        }
    }

    private func exifFields(frame: VideoFrame, startedAt: Date) -> ExifFields {
        let identity = session.camera.identity
        var fields = ExifFields(frame: frame, timeZone: context.job.timeZone, driver: identity.driver, card: identity.card,
                                job: context.job.name, run: context.runID, version: CamschedVersion.current)
        fields.captureDate = startedAt
        fields.rotation = context.job.camera.rotation
        fields.mirror = context.job.camera.mirror
        if let locked = session.appliedControls.exposureValue { fields.exposureTime100Microseconds = Int(locked) }
        return fields
    }
}

/// The steps after a file is under its final name, shared by stills and segments.
struct FilingSteps {
    let context: RunContext

    /// Writes the sidecar and the catalog row, then the `latest` link and the hook. Returns
    /// false when the file could not be described (the disk filled up, say): it is then put
    /// back as `NAME.EXT.partial`, so that no file sits under a final name without its row, and
    /// the next start recovers it once there is room.
    @discardableResult
    func complete(location: FiledLocation, sidecar: Sidecar, kind: FileKind) -> Bool {
        let job = context.job
        do {
            if job.output.sidecar { try sidecar.write(to: location.sidecarURL) }
            if let catalog = context.catalog { _ = try catalog.record(sidecar) }
        } catch {
            try? FileManager.default.removeItem(at: location.sidecarURL)
            let partial = location.url.path + ".partial"
            if rename(location.url.path, partial) != 0 { try? FileManager.default.removeItem(at: location.url) }
            if RunContext.isDiskFull(error) { context.diskFull(error) } else {
                context.fail("could not describe \(location.relativePath) (\(error)); kept as a partial file for the next start to recover")
            }
            return false
        }
        if job.output.latest {
            do { _ = try LatestLink.update(folder: latestFolder(), target: location.url) } catch {
                context.warn("could not update the latest link: \(error)")
            }
        }
        context.withState { state in
            state.filedCount += 1
            if state.firstFiled.count < 100 { state.firstFiled.append(location.relativePath) }
            state.lastFiled = location
        }
        if let hook = job.hooks.onFile {
            _ = context.hooks.start(hook, event: .file, context: HookContext(
                job: job.name, run: context.runID, file: location.url.path,
                sidecar: job.output.sidecar ? location.sidecarURL.path : nil, kind: kind.rawValue))
        }
        return true
    }

    /// The job's folder under root: the first component of the template when it is `{job}`,
    /// else the root.
    func latestFolder() -> URL {
        if context.job.output.path.hasPrefix("{job}/") { return context.root.appendingPathComponent(context.job.name) }
        return context.root
    }
}
