import CamschedCore
import CamschedV4L2

/// What a job asks of its camera, in the capture layer's terms.
public struct CameraRequest: Sendable, Equatable {
    /// Frame size: the device's current/default mode, an exact size, or the largest offered.
    public enum Size: Sendable, Equatable {
        case current
        case exact(width: Int, height: Int)
        case largest
        /// The largest size no larger than 1920x1080 (AVFoundation's `high`).
        case high
    }

    /// What the frames are for: stills, a recording that encodes them, a recording that files
    /// the camera's own compressed frames as they are (`codec: "copy"`), or one that copies
    /// where the camera offers them at the size and rate asked and nothing needs pixels, else
    /// encodes (`codec: "auto"`, ``StreamCopyChoice``). `pixelFormat: auto` picks what the
    /// consumer takes without conversion where possible.
    public enum Purpose: Sendable, Equatable { case still, video, copy, copyIfOffered }

    /// How one of focus, exposure or white balance is run.
    public enum ControlMode: Sendable, Equatable {
        case continuous
        /// Adjust during warm-up, then lock what the camera settled on.
        case auto
        /// Keep what the camera has now.
        case locked
        case manual(Double)
        /// Driven shot by shot by the capture mode (an interval's exposure ramp): the camera's
        /// own automatic is switched off, the values are left to the ramp.
        case ramp
    }

    public struct ControlSetting: Sendable, Equatable {
        public var mode: ControlMode
        public var pointOfInterest: [Double]?
        public var required: Bool
        public init(mode: ControlMode, pointOfInterest: [Double]? = nil, required: Bool = false) {
            self.mode = mode
            self.pointOfInterest = pointOfInterest
            self.required = required
        }
    }

    public var size: Size = .current
    public var fps: Double?
    public var pixelFormat: FourCC?
    public var purpose: Purpose = .still
    public var focus: ControlSetting?
    public var exposure: ControlSetting?
    public var whiteBalance: ControlSetting?
    public var zoom: Double = 1
    /// Other controls by name (`power_line_frequency`: `"50 Hz"` or `"1"`).
    public var controls: [String: String] = [:]
    public var rotation = 0
    public var mirror = false

    public init() {}
}

extension CameraRequest {
    /// The pixel format a job names: nil for `auto`, else the FourCC (`MJPG`, `YUYV`, …).
    public static func pixelFormat(named name: String) -> FourCC? {
        name.lowercased() == "auto" ? nil : FourCC(name.uppercased())
    }
}
