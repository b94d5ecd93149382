import Foundation

/// A change of system pressure level during the file, and the frame rate put in force.
package struct SidecarPressureChange: Codable, Sendable, Hashable {
    /// When the level changed.
    package var at: Date
    /// `nominal`, `fair`, `serious`, `critical` or `shutdown`.
    package var level: String
    /// The frame rate in force from then on.
    package var fps: Double
    /// How the rate was put in force: `camera` (the camera's own rate), `dropping frames`,
    /// `dropping whole GOPs` (a copied H.264 stream), `stopped`; absent in older sidecars.
    package var method: String?

    /// Describes a pressure change.
    package init(at: Date, level: String, fps: Double, method: String? = nil) {
        (self.at, self.level, self.fps, self.method) = (at, level, fps, method)
    }
}
