import Foundation

extension Sidecar {
    /// The event of a `trigger` job that a clip or key still belongs to.
    package struct Event: Codable, Sendable, Hashable {
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
            self.at = at
            self.kind = kind
            self.score = score
            self.box = box
        }

        enum CodingKeys: String, CodingKey { case at, kind, score, box }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            at = try container.decodeTimestamp(forKey: .at)
            kind = try container.decode(String.self, forKey: .kind)
            score = try container.decodeIfPresent(Double.self, forKey: .score)
            box = try container.decodeIfPresent([Double].self, forKey: .box)
        }

        package func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeTimestamp(at, forKey: .at)
            try container.encode(kind, forKey: .kind)
            try container.encode(score, forKey: .score)
            try container.encode(box, forKey: .box)
        }
    }
}
