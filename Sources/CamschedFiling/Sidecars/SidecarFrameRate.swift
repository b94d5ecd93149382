/// The frame rate asked for and the one the device used.
package struct SidecarFrameRate: Codable, Sendable, Hashable {
    /// What the job asked for.
    package var requested: Double
    /// What the device delivered (its nearest supported rate not above `requested`).
    package var actual: Double

    /// Describes a frame rate.
    package init(requested: Double, actual: Double) {
        (self.requested, self.actual) = (requested, actual)
    }
}
