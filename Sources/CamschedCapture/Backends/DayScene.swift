import CamschedCore
import Foundation

/// The light of the `test:` camera's `scene=day`: the sun's elevation at the scene's clock and
/// the scene luminance it gives.
///
/// The clock: frame k shows start + (timestamp of frame k − timestamp of the first frame) ×
/// timeScale, so it follows the frames' own timestamps, virtual ones with `pace=fast` included;
/// a rehearsal's clock (``DaySceneClock``) replaces it.
///
/// The luminance of a clear day, in lux-like units, for a sun elevation h in degrees:
///
///     L(h) = 130000 · max(0, sin h)^1.25            (sun and sky by day)
///          + 1400 · 10^(0.45 h) / (1 + 10^(0.45 h))  (the sky's glow: 700 at sunrise,
///                                                    falling 0.45 decades a degree below it)
///          + 0.1                                     (the night's floor)
///
/// L is smooth (continuous with its derivative) and rises with h: ~111000 at a June noon in
/// Berlin (h = 61°), ~23500 in December (h = 14°), ~16000 at h = 10°, 700 at h = 0, 2.9 at the
/// end of civil twilight (−6°), and levels out at the floor of 0.1 from about −10° on: five to
/// six decades from noon to night.
struct DayScene: Sendable {
    let options: DaySceneOptions
    private let sun: SolarCalculator
    /// The wall time of the first frame, once it is taken (`start`, or the time then).
    private var start: Date?
    private var firstTimestamp: Int64?

    static let sunCoefficient = 130_000.0
    static let sunExponent = 1.25
    static let skyCoefficient = 1400.0
    static let skyDecadesPerDegree = 0.45
    static let nightFloor = 0.1

    init(options: DaySceneOptions) {
        self.options = options
        sun = SolarCalculator(location: options.location)
    }

    /// The scene's luminance for a sun elevation in degrees (the formula above).
    static func luminance(elevation: Double) -> Double {
        let day = sunCoefficient * pow(max(0, sin(elevation * .pi / 180)), sunExponent)
        let glow = pow(10, skyDecadesPerDegree * elevation)
        return day + skyCoefficient * glow / (1 + glow) + nightFloor
    }

    /// The scene's wall time for a frame taken at `timestampNanoseconds` (the first call fixes
    /// the clock's origin).
    mutating func sceneTime(timestampNanoseconds: Int64) -> Date {
        if let clock = options.clock { return clock.time(atNanoseconds: timestampNanoseconds) }
        let origin = firstTimestamp ?? timestampNanoseconds
        firstTimestamp = origin
        let begin = start ?? options.start ?? Date()
        start = begin
        let streamed = Double(timestampNanoseconds - origin) / 1e9
        return begin.addingTimeInterval(streamed * options.timeScale)
    }

    /// The sun's elevation and the scene luminance for a frame taken at `timestampNanoseconds`.
    mutating func light(timestampNanoseconds: Int64) -> (elevation: Double, luminance: Double) {
        let elevation = sun.elevation(at: sceneTime(timestampNanoseconds: timestampNanoseconds))
        return (elevation, Self.luminance(elevation: elevation))
    }
}
