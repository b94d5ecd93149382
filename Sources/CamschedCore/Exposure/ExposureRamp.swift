import Foundation

/// The exposure ramp's controller (`camera.exposure: {"mode": "ramp", …}`): from the mean
/// brightness measured just before a shot and the camera's exposure time and gain, the next
/// exposure time and gain, moving toward ``Limits/target`` by at most ``Limits/maxStep`` EV.
///
/// Going up, the exposure time rises first (to ``Limits/maxExposure``), then the gain (to
/// ``Limits/maxGain``): a longer exposure adds no noise. Going down, the gain falls first (to
/// 1×), then the exposure time. A clipped measurement says only "too bright" (a white frame)
/// or "too dark" (a black one), so it moves the whole ``Limits/maxStep``. Inside a dead band
/// around the target nothing changes, so the ramp does not chase noise.
///
/// Pure and deterministic: the caller meters, writes the controls, reads them back and feeds
/// what the camera took into the next call (a camera rounds and clamps: the loop corrects it).
package struct ExposureRamp: Sendable, Equatable {
    /// What the ramp may do.
    package struct Limits: Sendable, Equatable {
        /// Mean brightness aimed at, 0…1 (exclusive).
        package var target: Double
        /// The shortest exposure time, in seconds (the camera's shortest).
        package var minExposure: Double
        /// The longest exposure time, in seconds (the job's `maxExposure`, or the camera's longest if shorter).
        package var maxExposure: Double
        /// The highest gain as a factor (1 = no gain).
        package var maxGain: Double
        /// The largest change per shot, in EV (stops: 1 EV doubles the light).
        package var maxStep: Double
        /// No change while the error is at most this, in EV.
        package var deadBand: Double

        /// The default dead band: 0.01 EV (0.7 % of brightness). A frame's mean over thousands of
        /// samples is steadier than that even at high gain; a wider band makes a sawtooth (the
        /// brightness drifts to the band's edge, then jumps back), which is flicker.
        package static let defaultDeadBand = 0.01

        package init(target: Double, minExposure: Double, maxExposure: Double, maxGain: Double, maxStep: Double,
                    deadBand: Double = Limits.defaultDeadBand) {
            self.target = target
            self.minExposure = minExposure
            self.maxExposure = max(maxExposure, minExposure)
            self.maxGain = max(maxGain, 1)
            self.maxStep = maxStep
            self.deadBand = deadBand
        }
    }

    /// Exposure time and gain.
    package struct Setting: Sendable, Equatable {
        /// Exposure time in seconds.
        package var exposure: Double
        /// Gain as a factor (1 = none).
        package var gain: Double

        package init(exposure: Double, gain: Double) {
            self.exposure = exposure
            self.gain = gain
        }

        /// The light this setting gathers, relative: exposure × gain.
        package var product: Double { exposure * gain }
    }

    /// A measurement at or above this is clipped white: the ramp steps down by the maximum.
    package static let clippedWhite = 0.98
    /// A measurement at or below this is black: the ramp steps up by the maximum.
    package static let clippedBlack = 0.01

    package var limits: Limits

    package init(limits: Limits) { self.limits = limits }

    /// The change wanted for `brightness`, in EV (positive: more light), before the limits of
    /// exposure and gain: the error in stops, clipped to ±``Limits/maxStep``; zero inside the dead band.
    package func step(for brightness: Double) -> Double {
        let maxStep = limits.maxStep
        guard brightness.isFinite else { return 0 }
        if brightness >= Self.clippedWhite { return -maxStep }
        if brightness <= Self.clippedBlack { return maxStep }
        let error = log2(limits.target / brightness)
        guard abs(error) > limits.deadBand else { return 0 }
        return min(max(error, -maxStep), maxStep)
    }

    /// The next exposure time and gain for a frame of mean `brightness` (0…1) taken with
    /// `current`. A `current` outside the limits is brought inside them first.
    package func next(brightness: Double, current: Setting) -> Setting {
        var setting = clamped(current)
        var factor = pow(2, step(for: brightness))
        if factor > 1 {
            let byExposure = min(factor, limits.maxExposure / setting.exposure)
            if byExposure > 1 {
                setting.exposure *= byExposure
                factor = Self.snapped(factor / byExposure)
            }
            setting.gain = min(setting.gain * factor, limits.maxGain)
        } else if factor < 1 {
            let byGain = max(factor, 1 / setting.gain)
            if byGain < 1 {
                setting.gain = Self.snapped(setting.gain * byGain)
                factor = Self.snapped(factor / byGain)
            }
            setting.exposure = max(setting.exposure * factor, limits.minExposure)
        }
        return setting
    }

    /// `product` (exposure × gain) as a setting whose exposure time is a whole number of
    /// `exposureStep`s above ``Limits/minExposure``: the exposure as long as it may be (up to
    /// ``Limits/maxExposure``; exposure first, as ``next(brightness:current:)`` moves it),
    /// rounded down to a whole step, and the rest of the light in gain. A coarse exposure step
    /// (a bright noon: 4–6 units of 100 µs, one unit 20 %) is made up by the gain's fine steps.
    /// Without gain (`hasGain` false) the exposure is rounded to the nearest step instead.
    package func split(_ product: Double, exposureStep: Double, hasGain: Bool) -> Setting {
        let (shortest, longest) = (limits.minExposure, limits.maxExposure)
        let wanted = min(max(product, shortest), longest)
        var exposure = longest
        if wanted < longest {
            let steps = (wanted - shortest) / max(exposureStep, .leastNonzeroMagnitude)
            exposure = min(shortest + (hasGain ? (steps + 1e-9).rounded(.down) : steps.rounded()) * exposureStep, longest)
        }
        let gain = hasGain ? min(max(product / exposure, 1), limits.maxGain) : 1
        return Setting(exposure: exposure, gain: gain)
    }

    /// 1 for a factor within rounding of it, so a step taken whole by one control leaves the other exactly as it was.
    private static func snapped(_ factor: Double) -> Double { abs(factor - 1) < 1e-9 ? 1 : factor }

    /// `setting` within the limits: exposure between the shortest and the longest, gain between 1× and the highest.
    package func clamped(_ setting: Setting) -> Setting {
        Setting(exposure: min(max(setting.exposure, limits.minExposure), limits.maxExposure),
                gain: min(max(setting.gain, 1), limits.maxGain))
    }
}
