import CamschedCapture
import CamschedCore
import CamschedFiling
import CamschedJobs
import CamschedMedia
import Foundation

/// Runs an interval job's exposure and white-balance ramp on its stream: meters a frame just
/// before each shot, steps exposure time and gain (``ExposureRamp``) and white balance
/// (``WhiteBalanceRamp``), writes them, reads them back, and says from when the frames show
/// the new values.
///
/// The camera's own automatics are off for the whole run (``ControlPass`` set them when the
/// stream opened). A camera applies a new exposure a few frames late (UVC: 2–3 frames) and
/// frames already captured wait in the queue: the shot skips the first ``settleFrames`` frames
/// stamped after the write (counted, not timed: a camera that slows down for a long exposure
/// settles in as many frames). A camera reopened for a shot may have
/// forgotten the values: they are written again before metering.
final class ExposureRampDriver {
    /// Frames after a write before a frame is taken to show it.
    static let settleFrames = 4
    /// Frames a shot takes from the camera: the one metered, the settling ones and the shot's.
    static let framesPerShot = settleFrames + 2
    /// Metering cycles before the run's first shot, to start on target instead of ramping
    /// toward it over the first shots.
    static let convergeCycles = 10
    /// The largest step of those cycles, in EV (`maxStep`'s limit): no shot is taken between
    /// them, so nothing flickers.
    static let convergeStep = 3.0

    private let spec: RampSpec?
    private let rampsWhiteBalance: Bool
    private let every: Duration
    private let meter = FrameMeter()
    private var setup: Setup?
    /// The values last written, to write again when a reopened camera lost them.
    private var written: [ControlMeaning: ControlValue] = [:]
    private(set) var lastReading: FrameMeter.Reading?
    /// The setting the ramp last asked for, before the camera's whole units rounded it, and the
    /// values written for it: while the camera still holds those values, the next step starts
    /// from the setting asked for, so steps smaller than a unit add up instead of rounding to
    /// nothing at every shot (`maxStep` of 0.005 EV at 15.6 ms is a third of a 100 µs unit).
    private var asked: (setting: ExposureRamp.Setting, exposure: ControlValue?, gain: ControlValue?)?

    /// What the camera offers for the ramp.
    struct Setup {
        var exposure: CameraControl?
        var gain: GainMapping?
        var kelvin: CameraControl?
        var ramp: ExposureRamp
    }

    /// A driver for `job`, or nil when it ramps nothing.
    init?(job: Job, every: Duration) {
        if case let .ramp(spec)? = job.camera.exposure?.mode { self.spec = spec } else { spec = nil }
        if case .ramp? = job.camera.whiteBalance?.mode { rampsWhiteBalance = true } else { rampsWhiteBalance = false }
        guard spec != nil || rampsWhiteBalance else { return nil }
        self.every = every
    }

    /// After the stream (re)started: finds the controls, and writes the last values again
    /// where the camera has others. Returns true when it wrote (the frames must settle).
    func attach(_ stream: any FrameStream) throws(CameraError) -> Bool {
        let controls = try stream.controls()
        let exposure = spec == nil ? nil : controls.writable(.exposureTime)
        let gain = spec == nil ? nil : controls.writable(.gain).map(GainMapping.init)
        let longest = (spec?.longestExposure(every: every)).map(\.secondsValue) ?? 1
        let limits = ExposureRamp.Limits(
            target: spec?.target ?? 0.45,
            minExposure: exposure.map { max($0.minimum, 1) * $0.unit } ?? longest,
            maxExposure: exposure.map { min(longest, $0.maximum * $0.unit) } ?? longest,
            maxGain: gain.map { min(spec?.maxGain ?? 1, $0.maximumFactor) } ?? 1,
            maxStep: spec?.maxStep ?? 0.3)
        setup = Setup(exposure: exposure, gain: gain, kelvin: rampsWhiteBalance ? controls.writable(.whiteBalanceTemperature) : nil,
                      ramp: ExposureRamp(limits: limits))
        var rewrote = false
        for (meaning, value) in written.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where controls.first(where: { $0.meaning == meaning })?.value != value {
            written[meaning] = try stream.setControl(.meaning(meaning), to: value)
            rewrote = true
        }
        return rewrote
    }

    /// Meters `frame` and steps the controls toward the target (`converging`: before the run's
    /// first shot, by up to ``convergeStep``). Returns true when a control changed.
    func step(on frame: VideoFrame, stream: any FrameStream, converging: Bool = false) throws(CameraError) -> Bool {
        if setup == nil { _ = try attach(stream) }
        // The colour cast only for a white-balance ramp: else a JPEG's chroma is not decoded.
        guard let setup, let reading = meter.measure(frame, cast: setup.kelvin != nil) else { return false }
        lastReading = reading
        var changed = false
        if spec != nil {
            let current = try currentSetting(setup, stream)
            var ramp = setup.ramp
            if converging { ramp.limits.maxStep = max(ramp.limits.maxStep, Self.convergeStep) }
            var next = ramp.next(brightness: reading.brightness, current: current)
            let wanted = next
            defer { asked = (wanted, setup.exposure.flatMap { _ in written[.exposureTime] }, setup.gain.flatMap { _ in written[.gain] }) }
            if let control = setup.exposure {
                // Whole exposure units, the fraction in gain (noon's few units are 20 % steps).
                next = ramp.split(next.product, exposureStep: max(control.step, 1) * control.unit, hasGain: setup.gain != nil)
                changed = try write(.exposureTime, control.clamp(.real(next.exposure / control.unit)), stream) || changed
            }
            if let gain = setup.gain { changed = try write(.gain, gain.value(next.gain), stream) || changed }
        }
        if let control = setup.kelvin, let blue = reading.blueCast, let red = reading.redCast {
            let kelvin = try stream.getControl(.meaning(.whiteBalanceTemperature)).real ?? 5000
            let next = WhiteBalanceRamp().next(kelvin: kelvin, blueCast: blue, redCast: red)
            changed = try write(.whiteBalanceTemperature, control.clamp(.real(next)), stream) || changed
        }
        return changed
    }

    /// The exposure time and gain the next step starts from: what the ramp asked for last when
    /// the camera still holds the values written for it, else what the camera says it has.
    private func currentSetting(_ setup: Setup, _ stream: any FrameStream) throws(CameraError) -> ExposureRamp.Setting {
        var current = ExposureRamp.Setting(exposure: setup.ramp.limits.maxExposure, gain: 1)
        let exposure = try setup.exposure.map { _ throws(CameraError) in try stream.getControl(.meaning(.exposureTime)) }
        let gain = try setup.gain.map { _ throws(CameraError) in try stream.getControl(.meaning(.gain)) }
        if let asked, asked.exposure == exposure, asked.gain == gain { return setup.ramp.clamped(asked.setting) }
        if let exposure, let control = setup.exposure { current.exposure = (exposure.real ?? 0) * control.unit }
        if let gain, let mapping = setup.gain { current.gain = mapping.factor(gain) }
        return current
    }

    /// How long before a shot the frame to meter is taken: the settling frames and two more at `fps`.
    func lead(fps: Double) -> Int64 { Int64(Self.framesPerShot) * Int64(1e9 / max(fps, 0.01)) }

    /// The still's `light`: its brightness, and the exposure time and gain it carries (the
    /// values read back after the write, as its sidecar's `controls` has them).
    func light(of frame: VideoFrame) -> SidecarLight {
        var light = SidecarLight(brightness: meter.measure(frame, cast: false).map { Self.rounded($0.brightness) })
        let controls = frame.metadata.controls
        if let exposure = setup?.exposure, let value = controls[exposure.name].map(ControlValue.integer) ?? written[.exposureTime] {
            light.exposureTime = Self.rounded((value.real ?? 0) * exposure.unit, places: 7)
        }
        if let gain = setup?.gain, let value = controls[gain.control.name].map(ControlValue.integer) ?? written[.gain] {
            light.gain = Self.rounded(gain.factor(value))
        }
        return light
    }

    /// `value` to `places` decimals: a sidecar says 0.0116, not 0.011600000000000001.
    static func rounded(_ value: Double, places: Int = 4) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    private func write(_ meaning: ControlMeaning, _ value: ControlValue, _ stream: any FrameStream) throws(CameraError) -> Bool {
        let before = written[meaning]
        written[meaning] = try stream.setControl(.meaning(meaning), to: value)
        return before != written[meaning]
    }
}
