import Foundation

extension Sidecar {
    /// A change of system pressure level during the file, and the frame rate put in force.
    package struct PressureChange: Codable, Sendable, Hashable {
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
            self.at = at
            self.level = level
            self.fps = fps
            self.method = method
        }

        enum CodingKeys: String, CodingKey { case at, level, fps, method }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            at = try container.decodeTimestamp(forKey: .at)
            level = try container.decode(String.self, forKey: .level)
            fps = try container.decode(Double.self, forKey: .fps)
            method = try container.decodeIfPresent(String.self, forKey: .method)
        }

        package func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeTimestamp(at, forKey: .at)
            try container.encode(level, forKey: .level)
            try container.encode(fps, forKey: .fps)
            try container.encodeIfPresent(method, forKey: .method)
        }
    }
}
