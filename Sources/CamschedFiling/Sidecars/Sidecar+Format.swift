import CamschedCore

extension Sidecar {
    /// The capture format negotiated with the camera.
    public struct Format: Codable, Sendable, Hashable {
        /// FourCC (`MJPG`, `YUYV`).
        public var pixelFormat: String
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int

        /// Describes a format.
        public init(pixelFormat: String, width: Int, height: Int) {
            self.pixelFormat = pixelFormat
            self.width = width
            self.height = height
        }

        /// Written with ``DocumentKey`` (one key type for every nested object); the same JSON as
        /// the synthesized encoding.
        public func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: DocumentKey.self)
            try container.encode(pixelFormat, forKey: "pixelFormat")
            try container.encode(width, forKey: "width")
            try container.encode(height, forKey: "height")
        }
    }
}
