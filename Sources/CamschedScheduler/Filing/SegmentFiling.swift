import CamschedCapture
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation
import Synchronization

/// Files a recording's video files (or a trigger job's clips) through the run's ``RunFiling``:
/// reserves each one's partial file under the path template, and when the `SegmentFinisher`
/// hands a finished file over, commits it to its final name and describes it (sidecar, catalog
/// row), then reports it and applies retention.
final class SegmentFiling: SegmentFileProvider {
    let filing: RunFiling
    let spec: RecordSpec
    /// `segment` for recordings, `clip` for a trigger job's clips.
    let kind: FileKind
    private let reserved = Mutex<[Int: (file: FileReservation, info: StreamInfo?, event: SidecarEvent?)]>([:])
    private let currentInfo = Mutex<StreamInfo?>(nil)
    private let openEvent = Mutex<SidecarEvent?>(nil)

    init(filing: RunFiling, spec: RecordSpec, kind: FileKind = .segment) {
        self.filing = filing
        self.spec = spec
        self.kind = kind
    }

    /// The trigger event whose clip is open: the one place a trigger job keeps it. The files
    /// opened from now on (the clip, and its parts when it is split at `maxClip`) belong to
    /// it; nil once the clip closed.
    func use(event: SidecarEvent?) { openEvent.withLock { $0 = event } }

    /// The trigger event whose clip is open (see ``use(event:)``).
    var event: SidecarEvent? { openEvent.withLock { $0 } }

    /// The camera and format that files opened from now on are recorded from.
    func use(_ info: StreamInfo?) { currentInfo.withLock { $0 = info } }

    var fileExtension: String { spec.container.fileExtension }

    func reserve(index: Int, date: Date) throws -> URL {
        let info = currentInfo.withLock { $0 }
        // Segments (and clips) are numbered in their own sequence, not with the stills. The
        // sidecar's room is taken now: a file cut short by a full disk is still described.
        let file = try filing.reserve(kind, date: date, device: info?.identity.card ?? "camera", extension: fileExtension,
                                      reservingSidecar: filing.job.output.sidecar)
        let event = self.event
        reserved.withLock { $0[index] = (file, info, event) }
        return file.url
    }

    func abandon(index: Int) {
        guard let entry = reserved.withLock({ $0.removeValue(forKey: index) }) else { return }
        filing.abandon(entry.file)
    }

    func finished(_ segment: FinishedSegment) {
        guard let entry = reserved.withLock({ $0.removeValue(forKey: segment.index) }) else { return }
        let sidecar = { (location: FiledLocation) -> Sidecar in
            var sidecar = self.describe(segment, at: location, info: entry.info)
            sidecar.event = entry.event
            return sidecar
        }
        // The sidecar is written before the file takes its name: a kill between the two never
        // leaves a segment that nothing describes (the catalog's row comes from it).
        var written: Sidecar?
        let location: FiledLocation
        do {
            location = try filing.commit(entry.file, describe: filing.job.output.sidecar ? { location in
                let made = sidecar(location)
                written = made
                return try made.jsonData()
            } : nil)
        } catch {
            filing.failed(error, message: "could not file \(entry.file.partial.relativePath): \(error)")
            return
        }
        if let problem = segment.finalizationError, segment.truncated == nil {
            filing.publish(.warning("\(location.relativePath) is filed as a fragmented MP4, which plays as it is (no final remux: \(problem))"))
        }
        let described: URL?
        if let written {
            filing.announce(location, sidecar: written)
            described = location.sidecarURL
        } else {
            guard let url = filing.describe(location, sidecar: sidecar(location), slot: entry.file.partial.sidecarSlot) else { return }
            described = url
        }
        filing.publish(.segmentFiled(RunEvent.Segment(
            location: location, sidecar: described, kind: kind, index: segment.index, frames: segment.stats.framesWritten,
            droppedFrames: segment.droppedFrames, durationSeconds: segment.stats.durationSeconds,
            encoder: segment.stats.encoderName, truncated: segment.truncated)))
        RetentionStep(filing: filing).apply()
    }

    /// For `codec: "auto"`, why the file was copied or encoded: the camera's choice
    /// (``StreamCopyChoice``); with `auto` a trigger job's clips are encoded.
    func encoderReason(_ info: StreamInfo?) -> String? {
        guard spec.autoCopies else { return nil }
        if let choice = info?.copy { return choice.reason }
        return kind == .clip ? "auto: a trigger job's clips are encoded (motion detection needs the pictures); encoded" : nil
    }

    private func describe(_ segment: FinishedSegment, at location: FiledLocation, info: StreamInfo?) -> Sidecar {
        let stats = segment.stats
        var sidecar = SidecarBuilder(filing: filing, info: info)
            .sidecar(kind: kind, location: location, startedAt: segment.startedAt, endedAt: segment.endedAt)
        if let requested = sidecar.fps?.requested {
            sidecar.fps = SidecarFrameRate(requested: requested, actual: (segment.measuredFPS * 1000).rounded() / 1000)
        }
        sidecar.frames = stats.framesWritten
        sidecar.droppedFrames = segment.droppedFrames
        if let first = stats.firstSequence, let last = stats.lastSequence {
            sidecar.sequence = SidecarSequenceRange(first: Int64(first), last: Int64(last))
        }
        let copied = stats.encoderName == "copy"  // nothing was encoded: the encoding keys did not apply
        sidecar.encoder = SidecarEncoder(name: stats.encoderName, codec: stats.codecName ?? spec.codec.rawValue,
                                          quality: copied ? nil : spec.quality, bitrate: copied ? nil : spec.bitrate.map(Int64.init),
                                          preset: copied ? nil : spec.preset, reason: encoderReason(info))
        sidecar.segment = segment.index
        sidecar.firstPts = stats.firstPts
        sidecar.lastPts = stats.lastPts
        sidecar.ptsTimeBase = "1/\(stats.timeBaseDenominator)"
        sidecar.audio = stats.audio.map { SidecarAudio($0, firstPicture: stats.firstTimestampNanoseconds) }
        sidecar.truncated = segment.truncated
        return sidecar
    }
}
