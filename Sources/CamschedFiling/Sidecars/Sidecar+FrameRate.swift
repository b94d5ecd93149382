extension Sidecar {
    /// The frame rate asked for and the one the device used.
    package struct FrameRate: Codable, Sendable, Hashable {
        /// What the job asked for.
        package var requested: Double
        /// What the device delivered (its nearest supported rate not above `requested`).
        package var actual: Double

        /// Describes a frame rate.
        package init(requested: Double, actual: Double) {
            (self.requested, self.actual) = (requested, actual)
        }

        /// Written with ``DocumentKey`` (one key type for every nested object); the same JSON as
        /// the synthesized encoding.
        package func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: DocumentKey.self)
            try container.encode(requested, forKey: "requested")
            try container.encode(actual, forKey: "actual")
        }
    }
}
