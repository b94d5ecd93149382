/// A control's value, typed as the camera has it.
package enum ControlValue: Sendable, Hashable, CustomStringConvertible {
    /// A whole number: an integer control, a menu item's index, a boolean as 0 or 1.
    case integer(Int64)
    /// A real number (libcamera's gains, brightness, lens position).
    case real(Double)
    /// Two reals (libcamera's red and blue colour gains).
    case pair(Double, Double)

    /// A boolean as the cameras that have booleans as numbers take it.
    package static func boolean(_ on: Bool) -> ControlValue { .integer(on ? 1 : 0) }

    /// The value as a whole number (a real rounded), nil for a pair.
    package var integer: Int64? {
        switch self {
        case let .integer(value): value
        case let .real(value): value.isFinite ? Int64(min(max(value.rounded(), -9e18), 9e18)) : nil
        case .pair: nil
        }
    }

    /// The value as a real, nil for a pair.
    package var real: Double? {
        switch self {
        case let .integer(value): Double(value)
        case let .real(value): value
        case .pair: nil
        }
    }

    /// Whether it reads as on (non-zero).
    package var isOn: Bool { (real ?? 0) != 0 }

    package var description: String {
        switch self {
        case let .integer(value): String(value)
        case let .real(value): ControlValue.text(value)
        case let .pair(first, second): "\(ControlValue.text(first)),\(ControlValue.text(second))"
        }
    }

    /// `3` for 3.0, `0.25` for 0.25: a real as people write it.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
