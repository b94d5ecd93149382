import CamschedCore
import Foundation

/// The auto exposure of the `test:` camera's day scene, made to behave as a webcam's does, so a
/// time-lapse's own exposure ramp can be measured against it.
///
/// It meters each frame's mean brightness (a ``LumaThumbnail`` of the picture as drawn, black 0,
/// white 1, target 0.45) and works in stops (EV) of exposure time × gain:
/// - **lag**: a frame's measurement is acted on `delay` (2) frames later, and the new setting
///   applies from the next frame: a step in the scene shows for three frames before anything moves;
/// - **overshoot**: each step closes `loopGain` (0.35) of the error in EV, at most `maxStep` (1 EV)
///   per frame; with the lag, a step of two stops overshoots by ~14 % and settles in ~20 frames;
/// - **hunting at low light**: errors within the `deadBand` (±0.1 EV) are left alone, the meter is
///   noisy (`meteringNoise` × gain EV, so 0.02 EV at 1×, 0.32 EV at 16×), and gain moves in
///   steps of 1/8×: at high gain the picture wanders by several percent from frame to frame;
/// - **limits**: exposure time from 0.1 ms up to the frame period (1/fps, at most 1 s) first, then
///   gain from 1× to 16× when `gain_automatic` is on (else gain stays where it was set).
struct WebcamAutoExposure: Sendable {
    /// The brightness it aims at: 0.45 of the way from black to white.
    static let target = 0.45
    static let delay = 2
    static let loopGain = 0.35
    static let maxStep = 1.0
    static let deadBand = 0.1
    static let meteringNoise = 0.02
    static let gainStep = 0.125
    static let shortestExposure = 1e-4
    static let longestExposure = 1.0
    static let gainRange = 1.0...16.0

    /// The exposure the next frame is taken with.
    private(set) var exposure: SensorExposure
    /// Measurements not yet acted on, oldest first.
    private var pending: [Double] = []

    init(starting: SensorExposure) {
        exposure = starting
    }

    /// Takes the mean luma of the frame just drawn (video range: black 16, white 235), and moves
    /// the exposure on a measurement `delay` frames old.
    /// - Parameters:
    ///   - framePeriod: the stream's frame period in seconds (the longest exposure it allows).
    ///   - autoGain: whether gain moves too (`gain_automatic`); else `manualGain` is kept.
    mutating func observe(meanLuma: Double, frameNumber: UInt32, framePeriod: Double, autoGain: Bool, manualGain: Double) {
        var random = SplitMix64(seed: UInt64(frameNumber) &* 0xD1B5_4A32_D192_ED03 &+ 7)
        let noise = random.nextNormal() * Self.meteringNoise * exposure.gainFactor
        pending.append(max((meanLuma - 16) / 219, 0.002) * pow(2, noise))
        let gain = autoGain ? exposure.gainFactor : manualGain
        var total = exposure.seconds * gain
        if pending.count > Self.delay {
            let measured = pending.removeFirst()
            let error = log2(Self.target / measured)
            if abs(error) > Self.deadBand {
                total *= pow(2, min(Self.maxStep, max(-Self.maxStep, Self.loopGain * error)))
            }
        }
        exposure = Self.split(total, framePeriod: framePeriod, autoGain: autoGain, manualGain: manualGain)
    }

    /// Exposure time first, up to the frame period, then gain (in 1/8 steps), for a product.
    static func split(_ total: Double, framePeriod: Double, autoGain: Bool, manualGain: Double) -> SensorExposure {
        let longest = max(shortestExposure, min(longestExposure, framePeriod))
        guard autoGain else {
            return SensorExposure(seconds: min(longest, max(shortestExposure, total / manualGain)), gainFactor: manualGain)
        }
        let seconds = min(longest, max(shortestExposure, total))
        let wanted = min(gainRange.upperBound, max(gainRange.lowerBound, total / seconds))
        let stepped = min(gainRange.upperBound, max(gainRange.lowerBound, (wanted / gainStep).rounded() * gainStep))
        return SensorExposure(seconds: seconds, gainFactor: stepped)
    }
}
