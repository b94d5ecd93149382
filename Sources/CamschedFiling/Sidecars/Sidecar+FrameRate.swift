extension Sidecar {
    /// The frame rate asked for and the one the device used.
    public struct FrameRate: Codable, Sendable, Hashable {
        /// What the job asked for.
        public var requested: Double
        /// What the device delivered (its nearest supported rate not above `requested`).
        public var actual: Double

        /// Describes a frame rate.
        public init(requested: Double, actual: Double) {
            self.requested = requested
            self.actual = actual
        }
    }
}
