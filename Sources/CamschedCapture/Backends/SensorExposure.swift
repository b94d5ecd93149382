/// What the emulated sensor of the `test:` camera's day scene integrates a frame with: its
/// exposure time and its analogue gain factor (`gain` / 100).
struct SensorExposure: Sendable, Equatable {
    var seconds: Double
    var gainFactor: Double

    /// Exposure time × gain: what the picture's brightness is proportional to.
    var product: Double { seconds * gainFactor }
}
