/// What the sensor reports it applied to one frame (libcamera's per-frame metadata): not what
/// was asked, what the frame was taken with. Each field is nil where the camera does not say.
/// A still's sidecar writes it as `sensor` (`{"analogueGain": 2.0, "exposureTime": 0.0125}`;
/// unknown fields left out).
package struct SensorReadings: Sendable, Hashable, Codable {
    /// Exposure time in seconds.
    package var exposureTime: Double?
    /// Analogue gain as a factor (1 = none).
    package var analogueGain: Double?
    /// Digital gain as a factor.
    package var digitalGain: Double?
    /// Red and blue colour gains of the white balance.
    package var colourGains: [Double]?
    /// Colour temperature in kelvin, as the white balance estimated it.
    package var colourTemperature: Int?
    /// Estimated scene illuminance in lux.
    package var lux: Double?
    /// The frame's duration in seconds (the inverse of the rate the sensor ran at).
    package var frameDuration: Double?

    package init(exposureTime: Double? = nil, analogueGain: Double? = nil, digitalGain: Double? = nil,
                 colourGains: [Double]? = nil, colourTemperature: Int? = nil, lux: Double? = nil, frameDuration: Double? = nil) {
        self.exposureTime = exposureTime
        self.analogueGain = analogueGain
        self.digitalGain = digitalGain
        self.colourGains = colourGains
        self.colourTemperature = colourTemperature
        self.lux = lux
        self.frameDuration = frameDuration
    }

    /// Whether the camera said nothing.
    package var isEmpty: Bool { self == SensorReadings() }
}
