import CamschedCore
import CamschedV4L2

/// The format a camera is actually streaming in, as read back from it.
package struct CameraFormat: Sendable, Equatable, Codable {
    package var pixelFormat: FourCC
    package var width: Int
    package var height: Int
    package var bytesPerLine: Int
    /// Frame rate the device accepted (read back), not merely what was asked; always within
    /// `FrameRate.workable`, so that no period or time base computed from it can trap.
    package var fps: Double {
        didSet { if !FrameRate.workable.contains(fps) { fps = FrameRate.sanitized(fps) } }
    }

    package init(pixelFormat: FourCC, width: Int, height: Int, bytesPerLine: Int, fps: Double) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.fps = FrameRate.sanitized(fps)
    }
}
