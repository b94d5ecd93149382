import Foundation

/// The event of a `trigger` job that a clip or key still belongs to.
package struct SidecarEvent: Codable, Sendable, Hashable {
    /// When the event happened (the triggering frame's capture time).
    package var at: Date
    /// `motion` or `external`.
    package var kind: String
    /// Motion: the fraction of the frame that changed (0…1); nil for external events.
    package var score: Double?
    /// Motion: the bounding box of the change, `[x, y, w, h]` in fractions of the frame.
    package var box: [Double]?

    /// Describes an event.
    package init(at: Date, kind: String, score: Double? = nil, box: [Double]? = nil) {
        (self.at, self.kind, self.score, self.box) = (at, kind, score, box)
    }

    /// Written with ``DocumentKey``, `score` and `box` as `null` for an external event.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DocumentKey.self)
        try container.encode(at, forKey: "at")
        try container.encode(kind, forKey: "kind")
        try container.encodeNullable(score, forKey: "score")
        try container.encodeNullable(box, forKey: "box")
    }
}
