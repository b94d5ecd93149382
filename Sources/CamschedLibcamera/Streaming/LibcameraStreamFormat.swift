import CamschedCore

/// A pixel format at a size the camera's video stream offers.
package struct LibcameraStreamFormat: Sendable, Equatable, Codable {
    /// libcamera's pixel format: a DRM fourcc (`BG24` is libcamera's BGR888).
    package var pixelFormat: FourCC
    /// libcamera's name (`BGR888`, `YUYV`, `MJPEG`).
    package var name: String
    package var width: Int
    package var height: Int

    package init(pixelFormat: FourCC, name: String, width: Int, height: Int) {
        self.pixelFormat = pixelFormat
        self.name = name
        self.width = width
        self.height = height
    }

    /// The V4L2 fourcc of the same memory layout, which the capture layer's converters speak.
    package var v4l2PixelFormat: FourCC? { LibcameraPixelFormats.v4l2(forDRM: pixelFormat) }
}
