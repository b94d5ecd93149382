/// Stills: the light of the shot — what an exposure ramp metered and set, and where the
/// sun was — for the report's charts and the assembly's deflicker.
///
/// JSON: `{"brightness": 0.43, "exposureTime": 0.0125, "gain": 2.0, "sunElevation": -3.2}`;
/// a field that is not known is left out.
package struct SidecarLight: Codable, Sendable, Hashable {
    /// Mean luma of the filed frame, 0 (black) … 1 (white).
    package var brightness: Double?
    /// Exposure time in seconds, as read back from the camera.
    package var exposureTime: Double?
    /// Gain as a factor (1 = none), as read back from the camera (see `GainMapping`).
    package var gain: Double?
    /// The sun's elevation in degrees at the shot, when the job has a location.
    package var sunElevation: Double?

    package init(brightness: Double? = nil, exposureTime: Double? = nil, gain: Double? = nil, sunElevation: Double? = nil) {
        (self.brightness, self.exposureTime, self.gain, self.sunElevation) = (brightness, exposureTime, gain, sunElevation)
    }

    /// Whether nothing is known (such a light is not written).
    package var isEmpty: Bool { brightness == nil && exposureTime == nil && gain == nil && sunElevation == nil }
}
