import CamschedCore
import CamschedV4L2

/// What a job asks of its camera, in the capture layer's terms.
package struct CameraRequest: Sendable, Equatable {
    /// Frame size: the device's current/default mode, an exact size, or the largest offered.
    package enum Size: Sendable, Equatable {
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
    package enum Purpose: Sendable, Equatable { case still, video, copy, copyIfOffered }

    /// How one of focus, exposure or white balance is run.
    package enum ControlMode: Sendable, Equatable {
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

    package struct ControlSetting: Sendable, Equatable {
        package var mode: ControlMode
        package var pointOfInterest: [Double]?
        package var required: Bool
        package init(mode: ControlMode, pointOfInterest: [Double]? = nil, required: Bool = false) {
            self.mode = mode
            self.pointOfInterest = pointOfInterest
            self.required = required
        }
    }

    package var size: Size = .current
    package var fps: Double?
    package var pixelFormat: FourCC?
    package var purpose: Purpose = .still
    package var focus: ControlSetting?
    package var exposure: ControlSetting?
    package var whiteBalance: ControlSetting?
    package var zoom: Double = 1
    /// Other controls by name (`power_line_frequency`: `"50 Hz"` or `"1"`).
    package var controls: [String: String] = [:]
    package var rotation = 0
    package var mirror = false

    package init() {}
}

extension CameraRequest {
    /// The pixel format a job names: nil for `auto`, else the FourCC (`MJPG`, `YUYV`, …).
    package static func pixelFormat(named name: String) -> FourCC? {
        name.lowercased() == "auto" ? nil : FourCC(name.uppercased())
    }
}
