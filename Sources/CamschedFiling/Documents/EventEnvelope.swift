import Foundation

/// The members one kind of event adds to its ``EventEnvelope``, beside `event`, `time`, `job`
/// (and `id`).
package protocol EventMembers: Sendable {
    /// Writes the event's own members into its document.
    func encode(into container: inout KeyedEncodingContainer<DocumentKey>) throws
}

/// The one shape of every event camsched writes or publishes — a run event on `--json` and
/// MQTT, an MQTT-only event (`disk-low`, `command`): `event` (its name), `time` (RFC 3339 UTC,
/// milliseconds, as ``JSONDocument`` writes dates), `job`, then the event's own members. MQTT
/// adds an `id` (a lowercase UUID), so that a subscriber can drop a message the broker
/// delivered twice (QoS 1 is at least once); `--json` has none.
package struct EventEnvelope<Members: EventMembers>: Encodable, Sendable {
    package let event: String
    package let time: Date
    package let job: String
    package let members: Members
    /// Written only when set.
    package var id: String?

    package init(event: String, time: Date, job: String, members: Members) {
        (self.event, self.time, self.job, self.members) = (event, time, job, members)
    }

    /// The same event with an `id` (by default a new lowercase UUID), as MQTT publishes it.
    package func identified(_ id: String = UUID().uuidString.lowercased()) -> Self {
        var identified = self
        identified.id = id
        return identified
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DocumentKey.self)
        try container.encodeIfPresent(id, forKey: "id")
        try container.encode(event, forKey: "event")
        try container.encode(time, forKey: "time")
        try container.encode(job, forKey: "job")
        try members.encode(into: &container)
    }
}
