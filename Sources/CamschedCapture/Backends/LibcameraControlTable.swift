import CamschedLibcamera

/// What libcamera's controls mean to camsched, and how a ``ControlValue`` becomes one of
/// libcamera's typed values: the libcamera half of what ``V4L2ControlTable`` is for V4L2.
enum LibcameraControlTable {
    /// Each meaning's libcamera control (by name: names are stable across releases).
    static let names: [ControlMeaning: String] = [
        .autoExposure: "AeEnable", .exposureTime: "ExposureTime", .gain: "AnalogueGain",
        .autoWhiteBalance: "AwbEnable", .colourGains: "ColourGains", .whiteBalanceTemperature: "ColourTemperature",
        .brightness: "Brightness", .contrast: "Contrast", .saturation: "Saturation", .exposureBias: "ExposureValue",
        .autoFocus: "AfMode", .focusTrigger: "AfTrigger", .focusPosition: "LensPosition",
    ]

    /// What the control named `name` means (AeEnable: auto exposure, which in libcamera drives
    /// the gain as well).
    static func meaning(of name: String) -> ControlMeaning? {
        name == "AeEnable" ? .autoExposure : names.first { $0.value == name }?.key
    }

    /// Seconds per step of the value: ExposureTime is in microseconds.
    static func unit(of name: String) -> Double { name == "ExposureTime" ? 0.000001 : 1 }

    /// The listing entry of a libcamera control.
    static func control(_ info: LibcameraControlInfo, value: ControlValue?) -> CameraControl {
        let kind: CameraControl.Kind
        switch info.type {
        case .bool: kind = .boolean
        case .float: kind = info.isArray ? .pair : .real
        case .int32 where !info.listedValues.isEmpty: kind = .menu
        case .byte, .int32, .int64: kind = .integer
        default: kind = .other
        }
        var menu: [Int64: String] = [:]
        if info.name == "AfMode" { menu = [0: "Manual", 1: "Auto", 2: "Continuous"] }
        return CameraControl(meaning: meaning(of: info.name), name: info.name, kind: kind,
                             minimum: info.minimum.number ?? 0, maximum: info.maximum.number ?? 0,
                             step: kind.isWhole ? 1 : 0, defaultValue: info.defaultValue.map(value(of:)) ?? .integer(0),
                             value: value, unit: unit(of: info.name), menu: menu)
    }

    /// A libcamera value as a ``ControlValue``.
    static func value(of value: LibcameraValue) -> ControlValue {
        switch value.type {
        case .float where value.numbers.count >= 2: .pair(value.numbers[0], value.numbers[1])
        case .float: .real(value.number ?? 0)
        default: .integer(Int64(value.number ?? 0))
        }
    }

    /// The libcamera control that sets `value` on the control `info`, in libcamera's type;
    /// a meaning that is a mode (autofocus on) in that control's terms.
    static func control(_ info: LibcameraControlInfo, _ value: ControlValue, meaning: ControlMeaning?) -> LibcameraControl {
        if meaning == .autoFocus { return .afMode(value.isOn ? .continuous : .manual) }
        let numbers: [Double]
        switch value {
        case let .pair(first, second): numbers = [first, second]
        default: numbers = [value.real ?? 0]
        }
        return .other(name: info.name, value: LibcameraValue(type: info.type, numbers: numbers))
    }
}
