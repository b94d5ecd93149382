import CamschedCore

extension Sidecar {
    /// The capture format negotiated with the camera.
    package struct Format: Codable, Sendable, Hashable {
        /// FourCC (`MJPG`, `YUYV`).
        package var pixelFormat: String
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int

        /// Describes a format.
        package init(pixelFormat: String, width: Int, height: Int) {
            (self.pixelFormat, self.width, self.height) = (pixelFormat, width, height)
        }

        /// Written with ``DocumentKey`` (one key type for every nested object); the same JSON as
        /// the synthesized encoding.
        package func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: DocumentKey.self)
            try container.encode(pixelFormat, forKey: "pixelFormat")
            try container.encode(width, forKey: "width")
            try container.encode(height, forKey: "height")
        }
    }
}
