import Foundation

/// A gap in capture: the camera went away, or the stream stalled.
package struct SidecarInterruption: Codable, Sendable, Hashable {
    /// When capture stopped.
    package var at: Date
    /// Why (`disconnected`, `timeout`, …).
    package var reason: String
    /// When capture resumed; `nil` if it did not within this file.
    package var resumedAt: Date?

    /// Describes an interruption.
    package init(at: Date, reason: String, resumedAt: Date?) {
        (self.at, self.reason, self.resumedAt) = (at, reason, resumedAt)
    }

    /// Written with ``DocumentKey``, `resumedAt` as `null` while capture has not resumed.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DocumentKey.self)
        try container.encode(at, forKey: "at")
        try container.encode(reason, forKey: "reason")
        try container.encodeNullable(resumedAt, forKey: "resumedAt")
    }
}
