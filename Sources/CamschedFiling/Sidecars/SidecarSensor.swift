import CamschedCore

/// Stills: what the sensor reports it applied to the frame (a libcamera camera's per-frame
/// metadata) — not what was asked. Written only when the camera says something.
///
/// JSON: `{"analogueGain": 2.0, "colourGains": [1.8, 1.4], "exposureTime": 0.0125}`;
/// a field that is not known is left out.
package struct SidecarSensor: Codable, Sendable, Hashable {
    /// Exposure time in seconds.
    package var exposureTime: Double?
    /// Analogue gain as a factor (1 = none).
    package var analogueGain: Double?
    package var digitalGain: Double?
    /// Red and blue gains of the white balance.
    package var colourGains: [Double]?
    /// Colour temperature in kelvin, as the white balance estimated it.
    package var colourTemperature: Int?
    /// Estimated illuminance in lux.
    package var lux: Double?
    /// The frame's duration in seconds.
    package var frameDuration: Double?

    package init(_ readings: SensorReadings) {
        exposureTime = readings.exposureTime
        analogueGain = readings.analogueGain
        digitalGain = readings.digitalGain
        colourGains = readings.colourGains
        colourTemperature = readings.colourTemperature
        lux = readings.lux
        frameDuration = readings.frameDuration
    }
}
