import CamschedCore
import Foundation

/// The `test:` camera's emulated controls (``SyntheticControlTable``) and their automatics.
///
/// With the test patterns, auto exposure hunts around a fixed value by a fixed wobble, auto
/// white balance and autofocus settle: values to read back, not light. With `scene=day` the
/// exposure time and gain are the sensor's: ``exposure()`` is what the next frame is taken
/// with, and in `auto_exposure` Auto or Aperture Priority a ``WebcamAutoExposure`` moves them
/// (gain too while `gain_automatic` is on) from each frame's measured brightness. A camera
/// without controls (`controls=none`) always runs its auto exposure and gain.
struct EmulatedSensor: Sendable {
    let options: SyntheticCameraOptions
    let table: [CameraControl]
    private(set) var values: [UInt32: Int64] = [:]
    private let autoExposureTarget: Int64 = 300
    /// The day scene's auto exposure while it runs.
    private var autoExposure: WebcamAutoExposure?

    init(options: SyntheticCameraOptions) {
        self.options = options
        table = SyntheticControlTable.controls(options)
        for control in table { values[control.id] = control.defaultValue }
    }

    func controls() -> [CameraControl] {
        table.map { control in
            var copy = control
            copy.value = control.kind == .button ? nil : values[control.id]
            return copy
        }
    }

    mutating func set(id: UInt32, value: Int64) throws(CameraError) -> Int64 {
        guard let control = table.first(where: { $0.id == id }) else { throw Self.noSuchControl(id) }
        if control.kind == .button { return value }
        let clamped = control.clamp(value)
        values[id] = clamped
        return clamped
    }

    func value(id: UInt32) throws(CameraError) -> Int64 {
        guard let value = values[id] else { throw Self.noSuchControl(id) }
        return value
    }

    /// Each control's value by name, as a frame's metadata carries them.
    var namedValues: [String: Int64] {
        var named: [String: Int64] = [:]
        for control in table where control.kind != .button { named[control.name] = values[control.id] }
        return named
    }

    /// Before each frame: the patterns' auto exposure hunts around its target; auto white
    /// balance and focus settle.
    mutating func stepAutomatics(sequence: UInt32) {
        if options.dayScene == nil, isAutoExposure {
            let current = values[ControlID.exposureAbsolute] ?? 300
            let wobble = Int64((sequence % 8 < 4) ? 7 : -7)
            values[ControlID.exposureAbsolute] = current + (autoExposureTarget - current) / 4 + wobble
        }
        if values[ControlID.autoWhiteBalance] == 1 {
            let current = values[ControlID.whiteBalanceTemperature] ?? 4600
            values[ControlID.whiteBalanceTemperature] = current + (5200 - current) / 4
        }
        if values[ControlID.focusAuto] == 1 {
            let current = values[ControlID.focusAbsolute] ?? 0
            values[ControlID.focusAbsolute] = current + (420 - current) / 3
        }
    }

    /// The day scene's exposure for the next frame: the auto exposure's while it runs (it starts
    /// from the controls' values), else the controls' (`exposure_time_absolute` × 100 µs, `gain` / 100).
    mutating func exposure() -> SensorExposure {
        guard isAutoExposure else {
            autoExposure = nil
            return manualExposure
        }
        if autoExposure == nil { autoExposure = WebcamAutoExposure(starting: manualExposure) }
        return autoExposure?.exposure ?? manualExposure
    }

    /// After a day-scene frame: its mean luma (video range) for the auto exposure, which then shows
    /// its new exposure time and gain in the controls.
    mutating func meter(meanLuma: Double, frameNumber: UInt32, framePeriod: Double) {
        guard isAutoExposure, var running = autoExposure else { return }
        let manualGain = manualExposure.gainFactor
        running.observe(meanLuma: meanLuma, frameNumber: frameNumber, framePeriod: framePeriod, autoGain: isAutoGain,
                        manualGain: manualGain)
        autoExposure = running
        let units = (running.exposure.seconds * SyntheticControlTable.exposureUnitsPerSecond).rounded()
        if values[ControlID.exposureAbsolute] != nil {
            values[ControlID.exposureAbsolute] = max(SyntheticControlTable.exposureRange.lowerBound, Int64(units))
        }
        if isAutoGain, values[ControlID.gain] != nil {
            values[ControlID.gain] = Int64((running.exposure.gainFactor * Double(SyntheticControlTable.gainUnit)).rounded())
        }
    }

    private var isAutoExposure: Bool {
        guard options.controls else { return options.dayScene != nil }
        return values[ControlID.exposureAuto] == ControlID.exposureModeAuto
            || values[ControlID.exposureAuto] == ControlID.exposureModeAperturePriority
    }

    private var isAutoGain: Bool { !options.controls || values[ControlID.autoGain] == 1 }

    private var manualExposure: SensorExposure {
        let units = values[ControlID.exposureAbsolute] ?? 156
        let gain = values[ControlID.gain] ?? SyntheticControlTable.gainUnit
        return SensorExposure(seconds: Double(units) / SyntheticControlTable.exposureUnitsPerSecond,
                              gainFactor: Double(gain) / Double(SyntheticControlTable.gainUnit))
    }

    private static func noSuchControl(_ id: UInt32) -> CameraError {
        .unsupportedControl(name: String(format: "control 0x%08x", id), reason: "the test camera has no such control")
    }
}
