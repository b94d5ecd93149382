import CamschedFiling
import Foundation

/// An event only MQTT publishes, in the shape of the run events' documents (`event`, `time`,
/// `job` and its members; the publisher adds the `id`): on `PREFIX/JOB/event/disk-low` and
/// `…/event/command`.
struct MQTTOwnEvent: Encodable, Sendable {
    enum Members: Sendable {
        /// The output root's free space fell below the threshold (once a run).
        case diskLow(freeBytes: Int64, thresholdBytes: Int64)
        /// What became of a command received over MQTT.
        case command(verb: String, accepted: Bool, reason: String)
    }

    let time: Date
    let job: String
    let members: Members

    var name: String {
        switch members {
        case .diskLow: "disk-low"
        case .command: "command"
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DocumentKey.self)
        try container.encode(name, forKey: "event")
        try container.encode(time, forKey: "time")
        try container.encode(job, forKey: "job")
        switch members {
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
