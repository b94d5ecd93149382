/// What V4L2's controls mean to camsched: the `V4L2_CID_*` ids (from `linux/v4l2-controls.h`)
/// of each ``ControlMeaning``, and the one whose value V4L2 spells differently — auto exposure,
/// a menu of modes where the meaning is on or off. Used by the V4L2 back-end and by the `test:`
/// camera, which emulates a UVC webcam's controls under their V4L2 names.
package enum V4L2ControlTable {
    package static let brightness: UInt32 = 0x0098_0900
    package static let contrast: UInt32 = 0x0098_0901
    package static let saturation: UInt32 = 0x0098_0902
    package static let hue: UInt32 = 0x0098_0903
    package static let autoWhiteBalance: UInt32 = 0x0098_090c
    package static let autoGain: UInt32 = 0x0098_0912
    package static let gain: UInt32 = 0x0098_0913
    package static let powerLineFrequency: UInt32 = 0x0098_0918
    package static let whiteBalanceTemperature: UInt32 = 0x0098_091a
    package static let exposureAuto: UInt32 = 0x009a_0901
    package static let exposureAbsolute: UInt32 = 0x009a_0902
    package static let focusAbsolute: UInt32 = 0x009a_090a
    package static let focusAuto: UInt32 = 0x009a_090c
    package static let zoomAbsolute: UInt32 = 0x009a_090d
    package static let autoExposureBias: UInt32 = 0x009a_0913
    package static let threeALock: UInt32 = 0x009a_091b
    package static let autoFocusStart: UInt32 = 0x009a_091c

    /// `V4L2_EXPOSURE_AUTO` menu values.
    package static let exposureModeAuto: Int64 = 0
    package static let exposureModeManual: Int64 = 1
    package static let exposureModeAperturePriority: Int64 = 3
    /// Seconds per unit of `exposure_time_absolute`.
    package static let exposureUnit = 0.0001

    /// Each meaning's control id.
    package static let ids: [ControlMeaning: UInt32] = [
        .brightness: brightness, .contrast: contrast, .saturation: saturation, .hue: hue,
        .autoExposure: exposureAuto, .exposureTime: exposureAbsolute, .exposureBias: autoExposureBias,
        .autoGain: autoGain, .gain: gain, .autoWhiteBalance: autoWhiteBalance,
        .whiteBalanceTemperature: whiteBalanceTemperature, .autoFocus: focusAuto, .focusTrigger: autoFocusStart,
        .focusPosition: focusAbsolute, .zoom: zoomAbsolute, .powerLineFrequency: powerLineFrequency,
        .threeALock: threeALock,
    ]

    private static let meanings = Dictionary(uniqueKeysWithValues: ids.map { ($0.value, $0.key) })

    /// What control `id` means, nil for one camsched only lists.
    package static func meaning(of id: UInt32) -> ControlMeaning? { meanings[id] }

    /// The unit of control `id`'s value in its meaning's terms.
    package static func unit(of id: UInt32) -> Double { id == exposureAbsolute ? exposureUnit : 1 }

    /// The V4L2 value for a meaning's value: auto exposure on is the menu's Auto Mode where the
    /// camera offers it, else Aperture Priority (what UVC webcams offer); off is Manual Mode.
    package static func v4l2Value(_ value: ControlValue, for meaning: ControlMeaning, menu: [Int64: String]) -> Int64 {
        guard meaning == .autoExposure else { return value.integer ?? 0 }
        guard value.isOn else { return exposureModeManual }
        return menu.isEmpty || menu[exposureModeAuto] != nil ? exposureModeAuto : exposureModeAperturePriority
    }

    /// The meaning's value of a V4L2 value: auto exposure is on in every mode but Manual.
    package static func value(_ v4l2: Int64, for meaning: ControlMeaning) -> ControlValue {
        meaning == .autoExposure ? .boolean(v4l2 != exposureModeManual) : .integer(v4l2)
    }
}
