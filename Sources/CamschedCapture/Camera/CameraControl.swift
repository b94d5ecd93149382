/// A control a camera offers, as its back-end lists it: the camera's own name and range, and
/// what it means to camsched (``ControlMeaning``) where it means something camsched drives.
package struct CameraControl: Sendable, Equatable {
    package enum Kind: String, Sendable, Codable {
        case integer, boolean, menu, integerMenu, button, integer64, string, bitmask, real, pair, other

        /// Whether values are whole numbers (clamped to whole steps).
        package var isWhole: Bool { self != .real && self != .pair }
    }

    /// What the control does, nil for one camsched only lists, sets by name and records.
    package var meaning: ControlMeaning?
    /// Name as `camsched devices` prints it (`brightness`, `exposure_time_absolute`,
    /// `AnalogueGain`): what a job's `camera.controls` names it by.
    package var name: String
    package var kind: Kind
    /// Range and step of a value (of each number of a pair).
    package var minimum: Double
    package var maximum: Double
    package var step: Double
    package var defaultValue: ControlValue
    /// Current value; nil for write-only controls and buttons.
    package var value: ControlValue?
    /// What one step of the value is in the meaning's unit: seconds for ``ControlMeaning/exposureTime``
    /// (V4L2's `exposure_time_absolute`: 0.0001; libcamera's `ExposureTime`: 0.000001); 1 otherwise.
    package var unit: Double
    /// Menu item names (or integer-menu values as text) by index.
    package var menu: [Int64: String]
    package var readOnly: Bool
    package var inactive: Bool

    package init(meaning: ControlMeaning?, name: String, kind: Kind, minimum: Double, maximum: Double, step: Double,
                 defaultValue: ControlValue, value: ControlValue?, unit: Double = 1, menu: [Int64: String] = [:],
                 readOnly: Bool = false, inactive: Bool = false) {
        self.meaning = meaning
        self.name = name
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.value = value
        self.unit = unit
        self.menu = menu
        self.readOnly = readOnly
        self.inactive = inactive
    }

    /// A whole-number control (V4L2's kinds).
    package init(meaning: ControlMeaning?, name: String, kind: Kind, minimum: Int64, maximum: Int64, step: Int64,
                 defaultValue: Int64, value: Int64?, unit: Double = 1, menu: [Int64: String] = [:], readOnly: Bool = false,
                 inactive: Bool = false) {
        self.init(meaning: meaning, name: name, kind: kind, minimum: Double(minimum), maximum: Double(maximum),
                  step: Double(step), defaultValue: .integer(defaultValue), value: value.map(ControlValue.integer), unit: unit,
                  menu: menu, readOnly: readOnly, inactive: inactive)
    }

    /// `value` within the control's range, on its steps; whole for whole-number kinds.
    package func clamp(_ value: ControlValue) -> ControlValue {
        switch value {
        case let .pair(first, second): return .pair(clamp(real: first), clamp(real: second))
        case .integer, .real:
            let number = clamp(real: value.real ?? minimum)
            return kind.isWhole ? .integer(ControlValue.integer(number)) : .real(number)
        }
    }

    /// A whole number within the range, on the control's steps.
    package func clamp(_ value: Int64) -> Int64 { clamp(.integer(value)).integer ?? value }

    private func clamp(real value: Double) -> Double {
        var clamped = min(max(kind.isWhole ? value.rounded() : value, minimum), maximum)
        if step > 1, kind.isWhole { clamped = minimum + ((clamped - minimum) / step).rounded(.down) * step }
        return clamped
    }

    /// The menu index for an item name (case-insensitive, spaces and `_` equivalent).
    package func menuIndex(named item: String) -> Int64? {
        let wanted = CameraControl.normalise(item)
        return menu.first { CameraControl.normalise($0.value) == wanted }?.key
    }

    /// Whether camsched can write it (listed, not read-only).
    package var isWritable: Bool { !readOnly }

    static func normalise(_ text: String) -> String {
        text.lowercased().filter { $0.isLetter || $0.isNumber }
    }
}

extension ControlValue {
    /// A real as a whole number, saturated at the limits of `Int64`.
    static func integer(_ value: Double) -> Int64 {
        value.isFinite ? Int64(min(max(value.rounded(), -9.2e18), 9.2e18)) : 0
    }
}

extension [CameraControl] {
    /// The writable control that means `meaning`, if the camera has one.
    package func writable(_ meaning: ControlMeaning) -> CameraControl? {
        first { $0.meaning == meaning && !$0.readOnly }
    }
}
