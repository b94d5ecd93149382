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
    }
}
