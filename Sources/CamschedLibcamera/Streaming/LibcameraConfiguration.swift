import CamschedCore

/// The stream asked for (nil: libcamera's default) and, from `LibcameraCamera.configure`, the
/// one applied, which libcamera may have adjusted (vimc rounds 640x480 to 636x480).
package struct LibcameraConfiguration: Sendable, Equatable {
    /// A DRM fourcc (see `LibcameraPixelFormats`).
    package var pixelFormat: FourCC?
    package var width: Int?
    package var height: Int?
    package var bufferCount: Int?
    /// A fixed frame duration (`FrameDurationLimits` = {d, d} at start); nil in the applied
    /// configuration when the camera has no such control.
    package var frameDuration: Duration?

    // Applied only:
    package var stride = 0
    package var frameSize = 0
    package var adjusted = false
    package var pixelFormatName = ""

    package init(pixelFormat: FourCC? = nil, width: Int? = nil, height: Int? = nil, bufferCount: Int? = nil,
                 frameDuration: Duration? = nil) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.bufferCount = bufferCount
        self.frameDuration = frameDuration
    }
}
