/// The white-balance ramp's controller (`camera.whiteBalance: "ramp"`): grey world. The mean
/// colour of a frame is taken to be grey; a blue cast (mean Cb above Cr) means the light is
/// bluer than the temperature set, so the temperature goes up, and a red cast brings it down,
/// in bounded steps with a dead band — slowly, like the exposure ramp, so the colour does not
/// flicker from shot to shot.
package struct WhiteBalanceRamp: Sendable, Equatable {
    /// Kelvin per unit of cast difference (Cb − Cr, each −1…1) before the step limit.
    package static let kelvinPerCast = 4_000.0
    /// The largest change per shot, in kelvin.
    package var maxStep: Double
    /// No change while |Cb − Cr| is at most this (about 1.3 code values of 255).
    package var deadBand: Double

    package init(maxStep: Double = 100, deadBand: Double = 0.01) {
        self.maxStep = maxStep
        self.deadBand = deadBand
    }

    /// The next temperature for a frame with these casts taken at `kelvin` (before the
    /// control's range, which the caller clamps to).
    package func next(kelvin: Double, blueCast: Double, redCast: Double) -> Double {
        let cast = blueCast - redCast
        guard cast.isFinite, abs(cast) > deadBand else { return kelvin }
        return kelvin + min(max(cast * Self.kelvinPerCast, -maxStep), maxStep)
    }
}
