import Foundation

extension Sidecar {
    /// A gap in capture: the camera went away, or the stream stalled.
    package struct Interruption: Codable, Sendable, Hashable {
        /// When capture stopped.
        package var at: Date
        /// Why (`disconnected`, `timeout`, …).
        package var reason: String
        /// When capture resumed; `nil` if it did not within this file.
        package var resumedAt: Date?

        /// Describes an interruption.
        package init(at: Date, reason: String, resumedAt: Date?) {
            self.at = at
            self.reason = reason
            self.resumedAt = resumedAt
        }

        enum CodingKeys: String, CodingKey { case at, reason, resumedAt }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            at = try container.decodeTimestamp(forKey: .at)
            reason = try container.decode(String.self, forKey: .reason)
            resumedAt = try container.decodeTimestampIfPresent(forKey: .resumedAt)
        }

        package func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeTimestamp(at, forKey: .at)
            try container.encode(reason, forKey: .reason)
            try container.encodeTimestamp(resumedAt, forKey: .resumedAt)
        }
    }
}
