import Foundation

extension Sidecar {
    /// A change of system pressure level during the file, and the frame rate put in force.
    public struct PressureChange: Codable, Sendable, Hashable {
        /// When the level changed.
        public var at: Date
        /// `nominal`, `fair`, `serious`, `critical` or `shutdown`.
        public var level: String
        /// The frame rate in force from then on.
        public var fps: Double
        /// How the rate was put in force: `camera` (the camera's own rate), `dropping frames`,
        /// `dropping whole GOPs` (a copied H.264 stream), `stopped`; absent in older sidecars.
        public var method: String?

        /// Describes a pressure change.
        public init(at: Date, level: String, fps: Double, method: String? = nil) {
            self.at = at
            self.level = level
            self.fps = fps
            self.method = method
        }

        enum CodingKeys: String, CodingKey { case at, level, fps, method }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            at = try container.decodeTimestamp(forKey: .at)
            level = try container.decode(String.self, forKey: .level)
            fps = try container.decode(Double.self, forKey: .fps)
            method = try container.decodeIfPresent(String.self, forKey: .method)
        }

        public func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeTimestamp(at, forKey: .at)
            try container.encode(level, forKey: .level)
            try container.encode(fps, forKey: .fps)
            try container.encodeIfPresent(method, forKey: .method)
        }
    }
}
