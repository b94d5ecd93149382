import CamschedFiling
import Foundation

/// An event only MQTT publishes, in the run events' ``EventEnvelope`` (`event`, `time`, `job`
/// and its members; the publisher adds the `id`): on `PREFIX/JOB/event/disk-low` and
/// `…/event/command`.
typealias MQTTOwnEvent = EventEnvelope<MQTTOwnEventMembers>

extension EventEnvelope where Members == MQTTOwnEventMembers {
    init(time: Date, job: String, members: Members) {
        self.init(event: members.name, time: time, job: job, members: members)
    }
}

/// The members of an event only MQTT publishes.
enum MQTTOwnEventMembers: EventMembers {
    /// The output root's free space fell below the threshold (once a run).
    case diskLow(freeBytes: Int64, thresholdBytes: Int64)
    /// What became of a command received over MQTT.
    case command(verb: String, accepted: Bool, reason: String)

    /// The event's name: its `event` and the last level of its topic.
    var name: String {
        switch self {
        case .diskLow: "disk-low"
        case .command: "command"
        }
    }

    func encode(into container: inout KeyedEncodingContainer<DocumentKey>) throws {
        switch self {
        case let .diskLow(free, threshold):
            try container.encode(free, forKey: "freeBytes")
            try container.encode(threshold, forKey: "thresholdBytes")
        case let .command(verb, accepted, reason):
            try container.encode(verb, forKey: "command")
            try container.encode(accepted, forKey: "accepted")
            try container.encode(reason, forKey: "reason")
        }
    }
}
