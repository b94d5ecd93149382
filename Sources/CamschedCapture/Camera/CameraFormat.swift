import CamschedCore
import CamschedV4L2

/// The format a camera is actually streaming in, as read back from it.
public struct CameraFormat: Sendable, Equatable, Codable {
    public var pixelFormat: FourCC
    public var width: Int
    public var height: Int
    public var bytesPerLine: Int
    /// Frame rate the device accepted (read back), not merely what was asked; always within
    /// `FrameRate.workable`, so that no period or time base computed from it can trap.
    public var fps: Double {
        didSet { if !FrameRate.workable.contains(fps) { fps = FrameRate.sanitized(fps) } }
    }

    public init(pixelFormat: FourCC, width: Int, height: Int, bytesPerLine: Int, fps: Double) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.fps = FrameRate.sanitized(fps)
    }
}
