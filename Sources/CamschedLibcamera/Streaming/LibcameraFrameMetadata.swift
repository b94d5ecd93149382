/// What libcamera says about one frame (the request's metadata): the exposure and gains the
/// sensor actually had, not only what was asked. Each property is nil when the pipeline does
/// not report it (vimc reports only SensorTimestamp).
package struct LibcameraFrameMetadata: Sendable, Equatable {
    /// Every metadata entry, by libcamera's control name.
    package var values: [String: LibcameraValue]

    package init(values: [String: LibcameraValue]) { self.values = values }

    /// `SensorTimestamp`: the start of the frame's exposure, CLOCK_MONOTONIC nanoseconds.
    package var sensorTimestamp: UInt64? {
        value(.sensorTimestamp)?.integer.flatMap { $0 >= 0 ? UInt64($0) : nil }
    }
    /// `ExposureTime` (libcamera's microseconds).
    package var exposureTime: Duration? { value(.exposureTime)?.integer.map { .microseconds($0) } }
    package var analogueGain: Double? { value(.analogueGain)?.number }
    package var digitalGain: Double? { value(.digitalGain)?.number }
    /// `ColourGains`: the red and blue gains of white balance.
    package var colourGains: (red: Double, blue: Double)? {
        guard let numbers = value(.colourGains)?.numbers, numbers.count == 2 else { return nil }
        return (numbers[0], numbers[1])
    }
    package var lux: Double? { value(.lux)?.number }
    /// `ColourTemperature` in kelvin.
    package var colourTemperature: Int? { value(.colourTemperature)?.integer.map { Int($0) } }
    /// `FrameDuration` (µs in libcamera).
    package var frameDuration: Duration? { value(.frameDuration)?.integer.map { .microseconds($0) } }

    package func value(_ name: LibcameraControlName) -> LibcameraValue? { values[name.rawValue] }
}
