import CamschedCore

/// The controls the `test:` camera offers: brightness and contrast always, and with the default
/// `controls=true` those of a typical UVC webcam (power-line frequency, white balance, exposure,
/// gain, focus, zoom) with their V4L2 names, ranges and units (what they mean: ``V4L2ControlTable``).
///
/// `exposure_time_absolute` is in V4L2's 100 µs units (1…10000: 0.1 ms…1 s); `gain` is the
/// analogue gain in hundredths (100…1600: a factor of exactly value/100, 1×…16×).
enum SyntheticControlTable {
    /// `gain` per 1× of analogue gain.
    static let gainUnit: Int64 = 100
    static let gainRange: ClosedRange<Int64> = 100...1600
    /// `exposure_time_absolute` units per second.
    static let exposureUnitsPerSecond: Double = 10_000
    static let exposureRange: ClosedRange<Int64> = 1...10_000

    static func controls(_ options: SyntheticCameraOptions) -> [CameraControl] {
        var table = [
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.brightness), name: "brightness", kind: .integer, minimum: 0, maximum: 255, step: 1,
                          defaultValue: 128, value: 128),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.contrast), name: "contrast", kind: .integer, minimum: 0, maximum: 255, step: 1,
                          defaultValue: 128, value: 128),
        ]
        guard options.controls else { return table }
        table += [
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.powerLineFrequency), name: "power_line_frequency", kind: .menu, minimum: 0, maximum: 2,
                          step: 1, defaultValue: 1, value: 1, menu: [0: "Disabled", 1: "50 Hz", 2: "60 Hz"]),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.autoWhiteBalance), name: "white_balance_automatic", kind: .boolean, minimum: 0,
                          maximum: 1, step: 1, defaultValue: 1, value: 1),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.whiteBalanceTemperature), name: "white_balance_temperature", kind: .integer,
                          minimum: 2800, maximum: 6500, step: 10, defaultValue: 4600, value: 4600),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.exposureAuto), name: "auto_exposure", kind: .menu, minimum: 0, maximum: 3, step: 1,
                          defaultValue: 3, value: 3,
                          menu: [0: "Auto Mode", 1: "Manual Mode", 2: "Shutter Priority Mode", 3: "Aperture Priority Mode"]),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.exposureAbsolute), name: "exposure_time_absolute", kind: .integer,
                          minimum: exposureRange.lowerBound, maximum: exposureRange.upperBound, step: 1,
                          defaultValue: 156, value: 156, unit: V4L2ControlTable.exposureUnit),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.autoGain), name: "gain_automatic", kind: .boolean, minimum: 0, maximum: 1, step: 1,
                          defaultValue: 1, value: 1),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.gain), name: "gain", kind: .integer, minimum: gainRange.lowerBound,
                          maximum: gainRange.upperBound, step: 1, defaultValue: gainUnit, value: gainUnit),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.focusAuto), name: "focus_automatic_continuous", kind: .boolean, minimum: 0, maximum: 1,
                          step: 1, defaultValue: 1, value: 1),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.focusAbsolute), name: "focus_absolute", kind: .integer, minimum: 0, maximum: 1023,
                          step: 1, defaultValue: 0, value: 0),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.autoFocusStart), name: "auto_focus_start", kind: .button, minimum: 0, maximum: 0,
                          step: 0, defaultValue: 0, value: nil),
            CameraControl(meaning: V4L2ControlTable.meaning(of: V4L2ControlTable.zoomAbsolute), name: "zoom_absolute", kind: .integer, minimum: 100, maximum: 500,
                          step: 1, defaultValue: 100, value: 100),
        ]
        return table
    }
}
