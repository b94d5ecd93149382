import CamschedFiling
import Foundation

extension RunEventMembers: EventMembers {
    /// The event's own members, beside `event`, `time` and `job`.
    package func encode(into container: inout KeyedEncodingContainer<DocumentKey>) throws {
        switch self {
        case let .start(start):
            try container.encode(start.run, forKey: "run")
            try container.encode(start.kind, forKey: "kind")
            try container.encode(start.root, forKey: "root")
            try container.encode(start.device, forKey: "device")
            try container.encode(start.card, forKey: "card")
            try container.encodeNullable(start.rehearsal.map { RehearsalMember(at: $0.at, speed: $0.speed) }, forKey: "rehearsal")
        case let .capture(still): try Self.encode(still, into: &container)
        case let .segment(segment): try Self.encode(segment, into: &container)
        case let .trigger(trigger):
            try container.encode(trigger.at, forKey: "at")
            try container.encode(trigger.kind.rawValue, forKey: "kind")
            try container.encodeNullable(trigger.score.map(Self.fourPlaces), forKey: "score")
            try container.encodeNullable(trigger.box.map { $0.map(Self.fourPlaces) }, forKey: "box")
        case let .pressure(pressure):
            try container.encode(pressure.at, forKey: "at")
            try container.encode(pressure.level.rawValue, forKey: "level")
            try container.encodeNullable(pressure.fps, forKey: "fps")
            try container.encode(pressure.reason, forKey: "reason")
            try container.encode(pressure.method.rawValue, forKey: "method")
        case let .interrupted(reason, message, at):
            try container.encode(at, forKey: "at")
            try container.encode(reason, forKey: "reason")
            try container.encode(message, forKey: "message")
        case let .resumed(at, after):
            try container.encode(at, forKey: "at")
            try container.encode(Self.milliseconds(after), forKey: "after")
        case let .message(message): try container.encode(message, forKey: "message")
        case let .done(summary): try Self.encode(summary, into: &container)
        }
    }

    private static func filed(_ location: FiledLocation, _ kind: FileKind, into container: inout KeyedEncodingContainer<DocumentKey>) throws {
        try container.encode(location.relativePath, forKey: "file")
        try container.encode(location.bytes, forKey: "bytes")
        try container.encode(location.sha256, forKey: "sha256")
        try container.encode(kind.rawValue, forKey: "kind")
    }

    private static func encode(_ still: RunEvent.Still, into container: inout KeyedEncodingContainer<DocumentKey>) throws {
        try filed(still.location, still.kind, into: &container)
        try container.encode(still.seq, forKey: "seq")
        try container.encode(still.startedAt, forKey: "startedAt")
        try container.encodeNullable(still.scheduledAt, forKey: "scheduledAt")
        let late = still.scheduledAt.map { (still.startedAt.timeIntervalSince($0) * 1_000_000).rounded() / 1000 } ?? 0
        try container.encode(late, forKey: "lateMs")
    }

    private static func encode(_ segment: RunEvent.Segment, into container: inout KeyedEncodingContainer<DocumentKey>) throws {
        try filed(segment.location, segment.kind, into: &container)
        try container.encodeNullable(segment.index, forKey: "segment")
        try container.encode(segment.frames, forKey: "frames")
        try container.encode(segment.droppedFrames, forKey: "droppedFrames")
        try container.encodeNullable(segment.durationSeconds.map(milliseconds), forKey: "duration")
        try container.encodeNullable(segment.encoder, forKey: "encoder")
        try container.encodeNullable(segment.truncated, forKey: "truncated")
    }

    private static func encode(_ summary: RunEvent.Summary, into container: inout KeyedEncodingContainer<DocumentKey>) throws {
        try container.encode(summary.run, forKey: "run")
        try container.encode(summary.status.rawValue, forKey: "status")
        try container.encode(Int(summary.exitCode), forKey: "exitCode")
        try container.encode(summary.stills, forKey: "stills")
        try container.encode(summary.segments, forKey: "segments")
        try container.encode(summary.skipped, forKey: "skipped")
        try container.encode(summary.files, forKey: "files")
        try container.encode(summary.filesTotal, forKey: "filesTotal")
        try container.encode(summary.failures, forKey: "failures")
        try container.encode(summary.elapsed, forKey: "elapsed")
        try container.encode(summary.droppedFrames, forKey: "droppedFrames")
    }

    /// Seconds to the millisecond.
    private static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    private static func fourPlaces(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}

/// The `start` event's `rehearsal`: the simulated start and speed of `camsched run --at`.
private struct RehearsalMember: Encodable {
    var at: Date
    var speed: Double
}
