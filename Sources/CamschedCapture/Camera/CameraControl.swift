/// A control a camera offers (V4L2's `v4l2_query_ext_ctrl`, or an emulated one).
public struct CameraControl: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case integer, boolean, menu, integerMenu, button, integer64, string, bitmask, other
    }

    /// V4L2 control id (`V4L2_CID_*`); emulated controls use the same ids.
    public var id: UInt32
    /// Name as `camsched devices` prints it (`brightness`, `exposure_time_absolute`).
    public var name: String
    public var kind: Kind
    public var minimum: Int64
    public var maximum: Int64
    public var step: Int64
    public var defaultValue: Int64
    /// Current value; nil for write-only controls and buttons.
    public var value: Int64?
    /// Menu item names (or integer-menu values as text) by index.
    public var menu: [Int64: String]
    public var readOnly: Bool
    public var inactive: Bool

    public init(id: UInt32, name: String, kind: Kind, minimum: Int64, maximum: Int64, step: Int64,
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
    public func clamp(_ value: Int64) -> Int64 {
        var clamped = min(max(value, minimum), maximum)
        if step > 1 { clamped = minimum + ((clamped - minimum) / step) * step }
        return clamped
    }

    /// The menu index for an item name (case-insensitive, spaces and `_` equivalent).
    public func menuIndex(named item: String) -> Int64? {
        let wanted = CameraControl.normalise(item)
        return menu.first { CameraControl.normalise($0.value) == wanted }?.key
    }

    static func normalise(_ text: String) -> String {
        text.lowercased().filter { $0.isLetter || $0.isNumber }
    }
}

/// Well-known V4L2 control ids (from `linux/v4l2-controls.h`).
public enum ControlID {
    public static let brightness: UInt32 = 0x0098_0900
    public static let contrast: UInt32 = 0x0098_0901
    public static let saturation: UInt32 = 0x0098_0902
    public static let hue: UInt32 = 0x0098_0903
    public static let autoWhiteBalance: UInt32 = 0x0098_090c
    /// `V4L2_CID_AUTOGAIN` (boolean).
    public static let autoGain: UInt32 = 0x0098_0912
    public static let gain: UInt32 = 0x0098_0913
    public static let powerLineFrequency: UInt32 = 0x0098_0918
    public static let whiteBalanceTemperature: UInt32 = 0x0098_091a
    public static let exposureAuto: UInt32 = 0x009a_0901
    public static let exposureAbsolute: UInt32 = 0x009a_0902
    public static let focusAbsolute: UInt32 = 0x009a_090a
    public static let focusAuto: UInt32 = 0x009a_090c
    public static let zoomAbsolute: UInt32 = 0x009a_090d
    public static let autoExposureBias: UInt32 = 0x009a_0913
    public static let autoFocusStart: UInt32 = 0x009a_091c
    public static let threeALock: UInt32 = 0x009a_091b

    /// `V4L2_EXPOSURE_AUTO` menu values.
    public static let exposureModeAuto: Int64 = 0
    public static let exposureModeManual: Int64 = 1
    public static let exposureModeAperturePriority: Int64 = 3
}
