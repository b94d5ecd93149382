/// A control a camera offers (V4L2's `v4l2_query_ext_ctrl`, or an emulated one).
package struct CameraControl: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Codable {
        case integer, boolean, menu, integerMenu, button, integer64, string, bitmask, other
    }

    /// V4L2 control id (`V4L2_CID_*`); emulated controls use the same ids.
    package var id: UInt32
    /// Name as `camsched devices` prints it (`brightness`, `exposure_time_absolute`).
    package var name: String
    package var kind: Kind
    package var minimum: Int64
    package var maximum: Int64
    package var step: Int64
    package var defaultValue: Int64
    /// Current value; nil for write-only controls and buttons.
    package var value: Int64?
    /// Menu item names (or integer-menu values as text) by index.
    package var menu: [Int64: String]
    package var readOnly: Bool
    package var inactive: Bool

    package init(id: UInt32, name: String, kind: Kind, minimum: Int64, maximum: Int64, step: Int64,
                defaultValue: Int64, value: Int64?, menu: [Int64: String] = [:], readOnly: Bool = false,
                inactive: Bool = false) {
        self.id = id
        self.name = name
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.value = value
        self.menu = menu
        self.readOnly = readOnly
        self.inactive = inactive
    }

    /// Clamps `value` into the control's range, respecting its step.
    package func clamp(_ value: Int64) -> Int64 {
        var clamped = min(max(value, minimum), maximum)
        if step > 1 { clamped = minimum + ((clamped - minimum) / step) * step }
        return clamped
    }

    /// The menu index for an item name (case-insensitive, spaces and `_` equivalent).
    package func menuIndex(named item: String) -> Int64? {
        let wanted = CameraControl.normalise(item)
        return menu.first { CameraControl.normalise($0.value) == wanted }?.key
    }

    static func normalise(_ text: String) -> String {
        text.lowercased().filter { $0.isLetter || $0.isNumber }
    }
}

/// Well-known V4L2 control ids (from `linux/v4l2-controls.h`).
package enum ControlID {
    package static let brightness: UInt32 = 0x0098_0900
    package static let contrast: UInt32 = 0x0098_0901
    package static let saturation: UInt32 = 0x0098_0902
    package static let hue: UInt32 = 0x0098_0903
    package static let autoWhiteBalance: UInt32 = 0x0098_090c
    /// `V4L2_CID_AUTOGAIN` (boolean).
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
    package static let autoFocusStart: UInt32 = 0x009a_091c
    package static let threeALock: UInt32 = 0x009a_091b

    /// `V4L2_EXPOSURE_AUTO` menu values.
    package static let exposureModeAuto: Int64 = 0
    package static let exposureModeManual: Int64 = 1
    package static let exposureModeAperturePriority: Int64 = 3
}
