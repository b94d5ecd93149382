import CamschedCore
import Foundation

/// The metadata of one filed file (SPEC §5), written beside it as `NAME.EXT.json` and kept
/// in the catalog.
///
/// Fields that every file has are always present in the JSON, `null` when unknown (as in a
/// recovered file). Still-only (`seq`, `scheduledAt`, `exposure`, `focus`, `whiteBalance`)
/// and segment-only (`segment`, `firstPts`, `lastPts`, `ptsTimeBase`) fields, and
/// `recovered` and `rehearsal`, appear only when set. Timestamps are RFC 3339 UTC with
/// milliseconds: the date strategy of ``JSONDocument``'s coders, which ``jsonData()``,
/// ``compactJSON()`` and ``decode(from:)`` use — a plain `JSONEncoder` would write numbers.
package struct Sidecar: Codable, Sendable, Hashable {
    /// The sidecar schema this type writes.
    package static let currentSchema = 1

    /// Schema version (1).
    package var schema: Int
    /// The job's name.
    package var job: String
    /// The run id.
    package var run: String
    /// What the file is.
    package var kind: FileKind
    /// The file's path relative to the output root.
    package var file: String
    /// The file's size.
    package var bytes: Int64
    /// SHA-256 of the file, lowercase hex.
    package var sha256: String
    /// When the first frame of the file was captured.
    package var startedAt: Date
    /// When the last frame of the file was captured.
    package var endedAt: Date
    /// The camera.
    package var device: SidecarDevice?
    /// The capture format.
    package var format: SidecarFormat?
    /// Requested and actual frame rate.
    package var fps: SidecarFrameRate?
    /// Frames in the file.
    package var frames: Int?
    /// Frames the camera delivered that were dropped (consumer late, or lost).
    package var droppedFrames: Int?
    /// First and last V4L2 sequence numbers.
    package var sequence: SidecarSequenceRange?
    /// Each control's value at capture, by the name `camsched devices` prints.
    package var controls: [String: MetadataValue]
    /// The encoder.
    package var encoder: SidecarEncoder?
    /// Pressure level changes during the file.
    package var pressure: [SidecarPressureChange]
    /// Gaps in capture during the file.
    package var interruptions: [SidecarInterruption]
    /// The host name of the machine.
    package var host: String
    /// The camsched version that wrote the file.
    package var camschedVersion: String

    // Stills
    /// Stills: the capture's sequence number in the run.
    package var seq: Int?
    /// Stills: when the shot was due (lateness = `startedAt` − `scheduledAt`).
    package var scheduledAt: Date?
    /// Stills: exposure as applied (a mode such as `"auto"`, or the manual value).
    package var exposure: MetadataValue?
    /// Stills: focus as applied.
    package var focus: MetadataValue?
    /// Stills: white balance as applied.
    package var whiteBalance: MetadataValue?
    /// Stills: brightness, exposure time, gain and the sun's elevation (``SidecarLight``).
    package var light: SidecarLight?
    /// Stills: what the sensor reports it applied (`SensorReadings`), where it says.
    package var sensor: SensorReadings?

    // Segments
    /// Segments: the segment's index in the recording, from 0.
    package var segment: Int?
    /// Segments: presentation time stamp of the first frame, in `ptsTimeBase` units.
    package var firstPts: Int64?
    /// Segments: presentation time stamp of the last frame, in `ptsTimeBase` units.
    package var lastPts: Int64?
    /// Segments: the time base of `firstPts`/`lastPts`, as `"1/90000"`.
    package var ptsTimeBase: String?
    /// Recordings and clips with sound: the sound track.
    package var audio: SidecarAudio?

    /// `true` when the file was recovered from a partial file left by a killed process.
    package var recovered: Bool?
    /// Why a video ends before its planned end (`"disk full"`), when it does: it then holds
    /// every complete fragment that fitted.
    package var truncated: String?
    /// Files of a `trigger` job: the event that made them.
    package var event: SidecarEvent?
    /// `true` for a file of a rehearsal (`camsched run --at`): its times, name and sun are
    /// simulated, not when it was really taken.
    package var rehearsal: Bool?

    /// Creates a sidecar; the still and segment fields are set afterwards where they apply.
    package init(
        job: String, run: String, kind: FileKind, file: String, bytes: Int64, sha256: String,
        startedAt: Date, endedAt: Date, device: SidecarDevice? = nil, format: SidecarFormat? = nil, fps: SidecarFrameRate? = nil,
        frames: Int? = nil, droppedFrames: Int? = nil, sequence: SidecarSequenceRange? = nil,
        controls: [String: MetadataValue] = [:], encoder: SidecarEncoder? = nil, pressure: [SidecarPressureChange] = [],
        interruptions: [SidecarInterruption] = [], host: String, camschedVersion: String
    ) {
        schema = Self.currentSchema
        (self.job, self.run, self.kind, self.file, self.bytes, self.sha256) = (job, run, kind, file, bytes, sha256)
        (self.startedAt, self.endedAt, self.device, self.format, self.fps) = (startedAt, endedAt, device, format, fps)
        (self.frames, self.droppedFrames, self.sequence, self.controls) = (frames, droppedFrames, sequence, controls)
        (self.encoder, self.pressure, self.interruptions) = (encoder, pressure, interruptions)
        (self.host, self.camschedVersion) = (host, camschedVersion)
    }

    /// Read with ``DocumentKey`` too; by hand only because an older or hand-made sidecar may
    /// leave out `controls`, `pressure`, `interruptions`, `host` and `camschedVersion` (empty then).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DocumentKey.self)
        schema = try container.decode(Int.self, forKey: "schema")
        job = try container.decode(String.self, forKey: "job")
        run = try container.decode(String.self, forKey: "run")
        kind = try container.decode(FileKind.self, forKey: "kind")
        file = try container.decode(String.self, forKey: "file")
        bytes = try container.decode(Int64.self, forKey: "bytes")
        sha256 = try container.decode(String.self, forKey: "sha256")
        startedAt = try container.decode(Date.self, forKey: "startedAt")
        endedAt = try container.decode(Date.self, forKey: "endedAt")
        device = try container.decodeIfPresent(SidecarDevice.self, forKey: "device")
        format = try container.decodeIfPresent(SidecarFormat.self, forKey: "format")
        fps = try container.decodeIfPresent(SidecarFrameRate.self, forKey: "fps")
        frames = try container.decodeIfPresent(Int.self, forKey: "frames")
        droppedFrames = try container.decodeIfPresent(Int.self, forKey: "droppedFrames")
        sequence = try container.decodeIfPresent(SidecarSequenceRange.self, forKey: "sequence")
        controls = try container.decodeIfPresent([String: MetadataValue].self, forKey: "controls") ?? [:]
        encoder = try container.decodeIfPresent(SidecarEncoder.self, forKey: "encoder")
        pressure = try container.decodeIfPresent([SidecarPressureChange].self, forKey: "pressure") ?? []
        interruptions = try container.decodeIfPresent([SidecarInterruption].self, forKey: "interruptions") ?? []
        host = try container.decodeIfPresent(String.self, forKey: "host") ?? ""
        camschedVersion = try container.decodeIfPresent(String.self, forKey: "camschedVersion") ?? ""
        seq = try container.decodeIfPresent(Int.self, forKey: "seq")
        scheduledAt = try container.decodeIfPresent(Date.self, forKey: "scheduledAt")
        exposure = try container.decodeIfPresent(MetadataValue.self, forKey: "exposure")
        focus = try container.decodeIfPresent(MetadataValue.self, forKey: "focus")
        whiteBalance = try container.decodeIfPresent(MetadataValue.self, forKey: "whiteBalance")
        light = try container.decodeIfPresent(SidecarLight.self, forKey: "light")
        sensor = try container.decodeIfPresent(SensorReadings.self, forKey: "sensor")
        segment = try container.decodeIfPresent(Int.self, forKey: "segment")
        firstPts = try container.decodeIfPresent(Int64.self, forKey: "firstPts")
        lastPts = try container.decodeIfPresent(Int64.self, forKey: "lastPts")
        ptsTimeBase = try container.decodeIfPresent(String.self, forKey: "ptsTimeBase")
        audio = try container.decodeIfPresent(SidecarAudio.self, forKey: "audio")
        recovered = try container.decodeIfPresent(Bool.self, forKey: "recovered")
        truncated = try container.decodeIfPresent(String.self, forKey: "truncated")
        event = try container.decodeIfPresent(SidecarEvent.self, forKey: "event")
        rehearsal = try container.decodeIfPresent(Bool.self, forKey: "rehearsal")
    }

    /// Written with ``DocumentKey``; by hand only because the fields every file has are written
    /// as `null` when unknown (synthesized coding leaves a `nil` out) and an empty `light` is
    /// left out. The nested objects (``SidecarDevice``, ``SidecarLight``…) use their synthesized
    /// coding; dates, everywhere, the coders' strategy.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DocumentKey.self)
        // Fields every file has: always written, null when unknown, so readers see one shape.
        try container.encode(schema, forKey: "schema")
        try container.encode(job, forKey: "job")
        try container.encode(run, forKey: "run")
        try container.encode(kind, forKey: "kind")
        try container.encode(file, forKey: "file")
        try container.encode(bytes, forKey: "bytes")
        try container.encode(sha256, forKey: "sha256")
        try container.encode(startedAt, forKey: "startedAt")
        try container.encode(endedAt, forKey: "endedAt")
        try container.encode(device, forKey: "device")
        try container.encode(format, forKey: "format")
        try container.encode(fps, forKey: "fps")
        try container.encode(frames, forKey: "frames")
        try container.encode(droppedFrames, forKey: "droppedFrames")
        try container.encode(sequence, forKey: "sequence")
        try container.encode(controls, forKey: "controls")
        try container.encode(self.encoder, forKey: "encoder")
        try container.encode(pressure, forKey: "pressure")
        try container.encode(interruptions, forKey: "interruptions")
        try container.encode(host, forKey: "host")
        try container.encode(camschedVersion, forKey: "camschedVersion")
        // Kind-specific fields: only where they apply.
        try container.encodeIfPresent(seq, forKey: "seq")
        try container.encodeIfPresent(scheduledAt, forKey: "scheduledAt")
        try container.encodeIfPresent(exposure, forKey: "exposure")
        try container.encodeIfPresent(focus, forKey: "focus")
        try container.encodeIfPresent(whiteBalance, forKey: "whiteBalance")
        if let light, !light.isEmpty { try container.encode(light, forKey: "light") }
        try container.encodeIfPresent(sensor, forKey: "sensor")
        try container.encodeIfPresent(segment, forKey: "segment")
        try container.encodeIfPresent(firstPts, forKey: "firstPts")
        try container.encodeIfPresent(lastPts, forKey: "lastPts")
        try container.encodeIfPresent(ptsTimeBase, forKey: "ptsTimeBase")
        try container.encodeIfPresent(audio, forKey: "audio")
        try container.encodeIfPresent(recovered, forKey: "recovered")
        try container.encodeIfPresent(truncated, forKey: "truncated")
        try container.encodeIfPresent(event, forKey: "event")
        try container.encodeIfPresent(rehearsal, forKey: "rehearsal")
    }
}
