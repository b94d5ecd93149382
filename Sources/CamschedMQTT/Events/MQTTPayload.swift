import CamschedFiling
import Foundation

/// A JSON object for an MQTT payload: keys sorted, `null` for unknown values, dates as RFC 3339
/// UTC with milliseconds (`2026-11-26T20:15:00.000Z`).
struct MQTTPayload {
    private(set) var members: [String: Any] = [:]

    subscript(key: String) -> Any? {
        get { members[key] }
        set { members[key] = newValue ?? NSNull() }
    }

    mutating func set(_ key: String, date: Date?) {
        self[key] = date.map(RFC3339Timestamp.string(from:))
    }

    var bytes: [UInt8] {
        let data = (try? JSONSerialization.data(withJSONObject: members, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return [UInt8](data)
    }
}
