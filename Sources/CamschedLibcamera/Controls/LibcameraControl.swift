/// A control to set, typed as libcamera types it: exposure time in microseconds, gains as
/// floats, colour gains as a (red, blue) pair, modes as bools or enumerations.
package enum LibcameraControl: Sendable, Equatable {
    case aeEnable(Bool)
    case exposureTime(Duration)
    case analogueGain(Double)
    case awbEnable(Bool)
    case colourGains(red: Double, blue: Double)
    case brightness(Double)
    case contrast(Double)
    case afMode(LibcameraAfMode)
    case lensPosition(dioptres: Double)
    /// Minimum and maximum frame duration (`FrameDurationLimits`): equal bounds fix the rate.
    case frameDurationLimits(minimum: Duration, maximum: Duration)
    /// Any other control, by libcamera name, with its numbers (for controls not listed here).
    case other(name: String, value: LibcameraValue)

    /// libcamera's name of the control.
    package var name: String {
        switch self {
        case .aeEnable: LibcameraControlName.aeEnable.rawValue
        case .exposureTime: LibcameraControlName.exposureTime.rawValue
        case .analogueGain: LibcameraControlName.analogueGain.rawValue
        case .awbEnable: LibcameraControlName.awbEnable.rawValue
        case .colourGains: LibcameraControlName.colourGains.rawValue
        case .brightness: LibcameraControlName.brightness.rawValue
        case .contrast: LibcameraControlName.contrast.rawValue
        case .afMode: LibcameraControlName.afMode.rawValue
        case .lensPosition: LibcameraControlName.lensPosition.rawValue
        case .frameDurationLimits: LibcameraControlName.frameDurationLimits.rawValue
        case .other(let name, _): name
        }
    }

    /// The value in libcamera's type and unit (µs for durations).
    package var value: LibcameraValue {
        switch self {
        case .aeEnable(let on), .awbEnable(let on): LibcameraValue(type: .bool, numbers: [on ? 1 : 0])
        case .exposureTime(let time): LibcameraValue(type: .int32, numbers: [Double(Self.microseconds(time))])
        case .analogueGain(let x), .brightness(let x), .contrast(let x): LibcameraValue(type: .float, numbers: [x])
        case .colourGains(let red, let blue): LibcameraValue(type: .float, numbers: [red, blue])
        case .afMode(let mode): LibcameraValue(type: .int32, numbers: [Double(mode.rawValue)])
        case .lensPosition(let dioptres): LibcameraValue(type: .float, numbers: [dioptres])
        case .frameDurationLimits(let low, let high):
            LibcameraValue(type: .int64, numbers: [Double(Self.microseconds(low)), Double(Self.microseconds(high))])
        case .other(_, let value): value
        }
    }

    /// A duration in whole microseconds, libcamera's unit for exposure and frame durations.
    package static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}

extension [LibcameraControl] {
    /// The controls as a log line shows them, by libcamera's names in its units and types
    /// (ExposureTime in whole µs, gains as floats), sorted by name:
    /// `AnalogueGain=2.5 ExposureTime=20000`.
    package var logText: String {
        sorted { $0.name < $1.name }.map { control in
            let value = control.value
            let numbers = value.numbers.map { value.type == .float ? "\($0)" : "\(Int64($0))" }
            return "\(control.name)=\(numbers.joined(separator: ","))"
        }.joined(separator: " ")
    }
}

/// libcamera's `AfMode`.
package enum LibcameraAfMode: Int32, Sendable, Equatable {
    case manual = 0, auto = 1, continuous = 2
}
