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

        /// Describes a pressure change.
        public init(at: Date, level: String, fps: Double) {
            self.at = at
            self.level = level
            self.fps = fps
        }

        enum CodingKeys: String, CodingKey { case at, level, fps }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            at = try container.decodeTimestamp(forKey: .at)
            level = try container.decode(String.self, forKey: .level)
            fps = try container.decode(Double.self, forKey: .fps)
        }

        public func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeTimestamp(at, forKey: .at)
            try container.encode(level, forKey: .level)
            try container.encode(fps, forKey: .fps)
        }
    }
}
