/// The capture format negotiated with the camera.
package struct SidecarFormat: Codable, Sendable, Hashable {
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
}
