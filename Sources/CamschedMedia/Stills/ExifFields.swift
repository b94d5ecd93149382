import CamschedCore
import Foundation

/// What camsched writes into a JPEG still's EXIF block.
package struct ExifFields: Sendable, Equatable {
    /// When the picture was taken (DateTimeOriginal, SubSecTimeOriginal, DateTime).
    package var captureDate: Date
    /// The time zone the date is written in (OffsetTimeOriginal); nil for the system's local
    /// time as glibc has it (`TZ`, /etc/localtime), which `TimeZone.current` would give too but
    /// only after setting up ICU's time zone data (a cold snapshot's cost).
    package var timeZone: TimeZone?
    /// Make: the V4L2 driver name (e.g. `uvcvideo`).
    package var make: String?
    /// Model: the V4L2 card name (e.g. `HD Pro Webcam C920`).
    package var model: String?
    /// Clockwise mounting rotation (0, 90, 180, 270) and mirroring, written as Orientation.
    package var rotation: Int
    package var mirror: Bool
    /// Exposure time in V4L2's `exposure_time_absolute` units of 100 µs (ExposureTime).
    package var exposureTime100Microseconds: Int?
    /// ISO speed (ISOSpeedRatings): 100 × the gain factor, for a still whose gain is known (an exposure ramp).
    package var isoSpeed: Int?
    /// UserComment (ASCII): camsched's measurement of the still, e.g. `brightness 0.432` (the
    /// mean luma 0…1 that the sidecar's `light.brightness` carries).
    package var userComment: String?
    /// Whether auto exposure was on (ExposureMode 0 auto / 1 manual).
    package var exposureAutomatic: Bool?
    /// Whether white balance was automatic (WhiteBalance 0 auto / 1 manual).
    package var whiteBalanceAutomatic: Bool?
    /// ImageDescription, e.g. `job garden run 20240501-060000-ab12`.
    package var imageDescription: String?
    /// Software, e.g. `camsched 1.0.0`.
    package var software: String?

    package init(captureDate: Date, timeZone: TimeZone? = .current, make: String? = nil, model: String? = nil,
                rotation: Int = 0, mirror: Bool = false, exposureTime100Microseconds: Int? = nil,
                exposureAutomatic: Bool? = nil, whiteBalanceAutomatic: Bool? = nil,
                imageDescription: String? = nil, software: String? = nil) {
        self.captureDate = captureDate
        self.timeZone = timeZone
        self.make = make
        self.model = model
        self.rotation = rotation
        self.mirror = mirror
        self.exposureTime100Microseconds = exposureTime100Microseconds
        self.exposureAutomatic = exposureAutomatic
        self.whiteBalanceAutomatic = whiteBalanceAutomatic
        self.imageDescription = imageDescription
        self.software = software
    }

    /// The fields for a still from `frame`: its wall-clock time, rotation, mirroring and the
    /// exposure and white-balance controls it carries (by their `camsched devices` names, old
    /// and new V4L2 spellings).
    package init(frame: VideoFrame, timeZone: TimeZone?, driver: String?, card: String?,
                job: String?, run: String?, version: String?) {
        let controls = frame.metadata.controls
        let exposure = controls["exposure_time_absolute"] ?? controls["exposure_absolute"]
        // V4L2_CID_EXPOSURE_AUTO: 1 is manual; 0, 2 and 3 are automatic modes.
        let autoExposure = controls["auto_exposure"] ?? controls["exposure_auto"]
        let autoWhite = controls["white_balance_automatic"] ?? controls["white_balance_temperature_auto"]
        var description: String?
        if let job { description = run.map { "job \(job) run \($0)" } ?? "job \(job)" }
        self.init(captureDate: frame.wallClock, timeZone: timeZone, make: driver, model: card,
                  rotation: frame.metadata.rotation, mirror: frame.metadata.mirror,
                  exposureTime100Microseconds: exposure.map { Int($0) },
                  exposureAutomatic: autoExposure.map { $0 != 1 },
                  whiteBalanceAutomatic: autoWhite.map { $0 != 0 },
                  imageDescription: description, software: version.map { "camsched \($0)" })
    }

    /// The EXIF Orientation for a mounting rotation and mirroring: 0→1, 90→6, 180→3, 270→8;
    /// mirrored 0→2, 90→5, 180→4, 270→7 (rotate clockwise, then flip left to right).
    package static func orientation(rotation: Int, mirror: Bool) -> UInt16 {
        switch (((rotation % 360) + 360) % 360, mirror) {
        case (90, false): 6
        case (180, false): 3
        case (270, false): 8
        case (0, true): 2
        case (90, true): 5
        case (180, true): 4
        case (270, true): 7
        default: 1
        }
    }

    /// The rotation and mirroring an EXIF Orientation stands for (the inverse of
    /// ``orientation(rotation:mirror:)``).
    package static func rotationAndMirror(orientation: UInt16) -> (rotation: Int, mirror: Bool) {
        switch orientation {
        case 2: (0, true)
        case 3: (180, false)
        case 4: (180, true)
        case 5: (90, true)
        case 6: (90, false)
        case 7: (270, true)
        case 8: (270, false)
        default: (0, false)
        }
    }

    package var orientation: UInt16 { Self.orientation(rotation: rotation, mirror: mirror) }
}
