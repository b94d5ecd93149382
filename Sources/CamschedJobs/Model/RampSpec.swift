/// `camera.exposure: {"mode": "ramp", …}`: exposure time and gain driven by camsched toward a
/// target brightness, a bounded step per shot (interval jobs; see ``ExposureRamp``).
///
/// JSON: `{"mode": "ramp", "target": 0.45, "maxExposure": "1s", "maxGain": 16, "maxStep": "0.3EV"}`;
/// every key but `mode` is optional. For `whiteBalance` only the string `"ramp"` is taken.
package struct RampSpec: Sendable, Equatable {
    /// Mean brightness aimed at, more than 0 and less than 1. Default 0.45.
    package var target: Double
    /// The longest exposure time; nil (the default): ``defaultMaxExposure`` or the interval's
    /// period if shorter. Never more than the interval's `every`.
    package var maxExposure: Duration?
    /// The highest gain as a factor (16 = 16×, ISO 1600); at least 1. Default 8.
    package var maxGain: Double
    /// The largest change per shot in EV (stops), more than 0 and at most ``JobLimits/rampStep``. Default 0.3.
    package var maxStep: Double

    /// The longest exposure time when the job does not say: 1 s.
    package static let defaultMaxExposure = Duration.seconds(1)

    package init(target: Double = 0.45, maxExposure: Duration? = nil, maxGain: Double = 8, maxStep: Double = 0.3) {
        self.target = target
        self.maxExposure = maxExposure
        self.maxGain = maxGain
        self.maxStep = maxStep
    }

    /// The longest exposure time for an interval of `every`: `maxExposure`, else the default
    /// or `every` if that is shorter.
    package func longestExposure(every: Duration?) -> Duration {
        if let maxExposure { return maxExposure }
        guard let every else { return Self.defaultMaxExposure }
        return min(Self.defaultMaxExposure, every)
    }
}
