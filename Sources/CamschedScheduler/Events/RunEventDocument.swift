import CamschedFiling
import Foundation

/// A run event as the one JSON document `--json` writes and MQTT publishes (on
/// `PREFIX/JOB/event/EVENT`, with an `id` added): its ``EventEnvelope`` with the event's
/// ``RunEventMembers``. Every document of a kind has the same keys (`null` where a value is
/// not known). The names are SPEC's and the user guide's (`Documentation/user-guide.md`, "Run
/// events").
package typealias RunEventDocument = EventEnvelope<RunEventMembers>

extension EventEnvelope where Members == RunEventMembers {
    /// The event's document; nil for the events that are neither SPEC's nor the user guide's
    /// (`planned`, `rate`: the progress line's).
    package init?(_ timed: TimedRunEvent, job: String) {
        guard let (event, members) = RunEventMembers.classify(timed.event) else { return nil }
        self.init(event: event.rawValue, time: timed.time, job: job, members: members)
    }
}

/// A run event's own members, beside `event`, `time` and `job`.
package enum RunEventMembers: Sendable {
    case start(RunEvent.Start)
    case capture(RunEvent.Still)
    case segment(RunEvent.Segment)
    case trigger(RunEvent.Trigger)
    case pressure(RunEvent.Pressure)
    case interrupted(reason: String, message: String, at: Date)
    case resumed(at: Date, after: Double)
    case message(String)
    case done(RunEvent.Summary)

    static func classify(_ event: RunEvent) -> (RunEventName, Self)? {
        switch event {
        case .planned, .rate: nil
        case let .started(start): (.start, .start(start))
        case let .captured(still): (.capture, .capture(still))
        case let .segmentFiled(segment): (.segment, .segment(segment))
        case let .trigger(trigger): (.trigger, .trigger(trigger))
        case let .pressureChanged(pressure): (.pressure, .pressure(pressure))
        case let .interrupted(reason, message, at): (.interrupted, .interrupted(reason: reason, message: message, at: at))
        case let .resumed(at, after): (.resumed, .resumed(at: at, after: after))
        case let .skipped(count, late, cause): (.warning, .message(RunEvent.skippedMessage(count: count, lateSeconds: late, cause: cause)))
        case let .warning(message): (.warning, .message(message))
        case let .error(message): (.error, .message(message))
        case let .done(summary): (.done, .done(summary))
        }
    }
}

/// The name of a run event: the `event` member of its document and the last level of its MQTT topic.
package enum RunEventName: String, Sendable, CaseIterable, Encodable {
    case start, capture, segment, trigger, pressure, interrupted, resumed, warning, error, done
}
