import CamschedFiling
import Foundation

/// `--json`: every run event as one line of JSON on stdout, with `"event"` and `"time"`
/// (RFC 3339 UTC, milliseconds) and the fields SPEC section 1 names. Only the events SPEC
/// section 1 lists are written: the capture mode's plan and rate are for the progress line.
public final class JSONEventWriter: RunEventSubscriber {
    private let output: StandardStream

    /// - Parameter output: where the lines go; a reader that exits only ends the lines, never
    ///   the run (``StandardStream``).
    public init(output: StandardStream = .output) {
        self.output = output
    }

    public func receive(_ event: TimedRunEvent) {
        guard Self.isWritten(event.event) else { return }
        let (name, fields) = Self.fields(of: event.event)
        let line = Self.jsonLine(name: name, time: event.time, fields: fields) + "\n"
        output.write(line)
    }

    /// Whether `--json` has a line for the event. `planned` and `rate` feed the progress line
    /// (which `--json` turns off); SPEC section 1 lists `--json`'s events and they are not among
    /// them, so a reader of the lines sees the same events as before they existed.
    static func isWritten(_ event: RunEvent) -> Bool {
        switch event {
        case .planned, .rate: false
        default: true
        }
    }

    /// The event's NDJSON name and fields (``isWritten(_:)`` says whether it is written).
    static func fields(of event: RunEvent) -> (String, [String: Any]) {
        switch event {
        case let .started(s):
            var fields: [String: Any] = ["job": s.job, "run": s.run, "kind": s.kind, "root": s.root, "device": s.device, "card": s.card]
            if let rehearsal = s.rehearsal {
                fields["rehearsal"] = ["at": RFC3339Timestamp.string(from: rehearsal.at), "speed": rehearsal.speed] as [String: Any]
            }
            return ("start", fields)
        case let .captured(still):
            let late = still.scheduledAt.map { (still.startedAt.timeIntervalSince($0) * 1_000_000).rounded() / 1000 } ?? 0
            return ("capture", ["file": still.location.relativePath, "seq": still.seq, "kind": still.kind.rawValue,
                                "bytes": still.location.bytes, "startedAt": RFC3339Timestamp.string(from: still.startedAt),
                                "scheduledAt": still.scheduledAt.map { RFC3339Timestamp.string(from: $0) } ?? "", "lateMs": late])
        case let .planned(plan):
            return ("plan", ["captures": plan.captures.map { $0 as Any } ?? NSNull(),
                             "endsAt": plan.endsAt.map { RFC3339Timestamp.string(from: $0) as Any } ?? NSNull(),
                             "fps": plan.fps.map { $0 as Any } ?? NSNull()])
        case let .rate(rate):
            return ("rate", ["fps": rate.fps.map { $0 as Any } ?? NSNull(), "droppedFrames": rate.droppedFrames])
        case let .segmentFiled(segment):
            return ("segment", segmentFields(segment))
        case let .pressureChanged(p):
            return ("pressure", ["level": p.level.rawValue, "fps": p.fps.map { $0 as Any } ?? NSNull(), "reason": p.reason,
                                 "method": p.method.rawValue])
        case let .trigger(t):
            return ("trigger", ["at": RFC3339Timestamp.string(from: t.at), "kind": t.kind.rawValue,
                                "score": t.score.map { ($0 * 10_000).rounded() / 10_000 as Any } ?? NSNull(),
                                "box": t.box.map { $0.map { ($0 * 10_000).rounded() / 10_000 } as Any } ?? NSNull()])
        case let .interrupted(reason, message, _):
            return ("interrupted", ["reason": reason, "message": message])
        case let .resumed(_, after):
            return ("resumed", ["after": (after * 1000).rounded() / 1000])
        case let .skipped(count, late, cause):
            return ("warning", ["message": RunEvent.skippedMessage(count: count, lateSeconds: late, cause: cause)])
        case let .warning(message):
            return ("warning", ["message": message])
        case let .error(message):
            return ("error", ["message": message])
        case let .done(s):
            return ("done", ["job": s.job, "run": s.run, "exitCode": Int(s.exitCode), "stills": s.stills, "segments": s.segments,
                             "skipped": s.skipped, "files": s.files, "filesTotal": s.filesTotal, "failures": s.failures,
                             "elapsed": s.elapsed, "status": s.status, "droppedFrames": s.droppedFrames])
        }
    }

    private static func segmentFields(_ segment: RunEvent.Segment) -> [String: Any] {
        var fields: [String: Any] = ["file": segment.location.relativePath, "frames": segment.frames,
                                     "bytes": segment.location.bytes, "kind": segment.kind.rawValue,
                                     "droppedFrames": segment.droppedFrames]
        if let index = segment.index { fields["segment"] = index }
        if let duration = segment.durationSeconds { fields["duration"] = (duration * 1000).rounded() / 1000 }
        if let encoder = segment.encoder { fields["encoder"] = encoder }
        if let truncated = segment.truncated { fields["truncated"] = truncated }
        return fields
    }

    /// One line of JSON (no trailing newline), keys sorted.
    static func jsonLine(name: String, time: Date, fields: [String: Any]) -> String {
        var object = fields
        object["event"] = name
        object["time"] = RFC3339Timestamp.string(from: time)
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
