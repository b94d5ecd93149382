internal import CLibcameraAPI

/// libcamera's control types (`ControlType`).
package enum LibcameraValueType: Int32, Sendable, Equatable, Codable {
    case none = 0, bool, byte, int32, int64, float, string, rectangle, size
}

/// A control's value as the shim carries it: `numbers` of libcamera's `type` (one for a scalar;
/// two for ColourGains and FrameDurationLimits; x, y, width, height for a Rectangle).
package struct LibcameraValue: Sendable, Equatable, Codable {
    package var type: LibcameraValueType
    package var numbers: [Double]
    /// More elements than the shim carries (4) were cut.
    package var truncated: Bool

    package init(type: LibcameraValueType, numbers: [Double], truncated: Bool = false) {
        self.type = type
        self.numbers = numbers
        self.truncated = truncated
    }

    /// The first number as a Bool (`AeEnable`), when the value is a bool.
    package var bool: Bool? { type == .bool ? numbers.first.map { $0 != 0 } : nil }
    /// The first number as an integer (`ExposureTime` in µs, `AfMode`), when the value is integral.
    package var integer: Int64? {
        [.byte, .int32, .int64].contains(type) ? numbers.first.map { Int64($0) } : nil
    }
    /// The first number (`AnalogueGain`, `Brightness`), of any numeric type.
    package var number: Double? { numbers.first }

    init(_ value: csl_value) {
        let all = withUnsafeBytes(of: value.values) { Array($0.bindMemory(to: Double.self)) }
        self.init(type: LibcameraValueType(rawValue: value.type) ?? .none,
                  numbers: Array(all.prefix(Int(max(0, min(value.count, CSL_MAX_ELEMENTS))))),
                  truncated: value.truncated != 0)
    }
}
