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
    private(set) var values: [ControlMeaning: Int64] = [:]
    private let autoExposureTarget: Int64 = 300
    /// The day scene's auto exposure while it runs.
    private var autoExposure: WebcamAutoExposure?

    init(options: SyntheticCameraOptions) {
        self.options = options
        table = SyntheticControlTable.controls(options)
        for control in table { if let meaning = control.meaning { values[meaning] = control.defaultValue.integer } }
    }

    func controls() -> [CameraControl] {
        table.map { control in
            var copy = control
            copy.value = control.kind == .button ? nil : control.meaning.flatMap { values[$0] }.map(ControlValue.integer)
            return copy
        }
    }

    /// Sets a control (the `test:` camera's are V4L2's: a meaning's value is converted as the
    /// V4L2 back-end converts it) and returns the value it holds.
    mutating func set(_ key: ControlKey, to value: ControlValue) throws(CameraError) -> ControlValue {
        let control = try find(key)
        guard let meaning = control.meaning else { throw Self.noSuchControl(key) }
        if control.kind == .button { return value }
        var native = value.integer ?? 0
        if case .meaning = key { native = V4L2ControlTable.v4l2Value(value, for: meaning, menu: control.menu) }
        let clamped = control.clamp(native)
        values[meaning] = clamped
        return Self.reported(clamped, key: key, meaning: meaning)
    }

    func value(_ key: ControlKey) throws(CameraError) -> ControlValue {
        let control = try find(key)
        guard let meaning = control.meaning, let value = values[meaning] else { throw Self.noSuchControl(key) }
        return Self.reported(value, key: key, meaning: meaning)
    }

    private func find(_ key: ControlKey) throws(CameraError) -> CameraControl {
        let found = table.first { control in
            switch key {
            case let .meaning(meaning): control.meaning == meaning
            case let .name(name): control.name == name
            }
        }
        guard let found else { throw Self.noSuchControl(key) }
        return found
    }

    private static func reported(_ value: Int64, key: ControlKey, meaning: ControlMeaning) -> ControlValue {
        if case .meaning = key { return V4L2ControlTable.value(value, for: meaning) }
        return .integer(value)
    }

    /// Each control's value by name, as a frame's metadata carries them.
    var namedValues: [String: Int64] {
        var named: [String: Int64] = [:]
        for control in table where control.kind != .button { named[control.name] = control.meaning.flatMap { values[$0] } }
        return named
    }

    /// Before each frame: the patterns' auto exposure hunts around its target; auto white
    /// balance and focus settle.
    mutating func stepAutomatics(sequence: UInt32) {
        if options.dayScene == nil, isAutoExposure {
            let current = values[.exposureTime] ?? 300
            let wobble = Int64((sequence % 8 < 4) ? 7 : -7)
            values[.exposureTime] = current + (autoExposureTarget - current) / 4 + wobble
        }
        if values[.autoWhiteBalance] == 1 {
            let current = values[.whiteBalanceTemperature] ?? 4600
            values[.whiteBalanceTemperature] = current + (5200 - current) / 4
        }
        if values[.autoFocus] == 1 {
            let current = values[.focusPosition] ?? 0
            values[.focusPosition] = current + (420 - current) / 3
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
        if values[.exposureTime] != nil {
            values[.exposureTime] = max(SyntheticControlTable.exposureRange.lowerBound, Int64(units))
        }
        if isAutoGain, values[.gain] != nil {
            values[.gain] = Int64((running.exposure.gainFactor * Double(SyntheticControlTable.gainUnit)).rounded())
        }
    }

    private var isAutoExposure: Bool {
        guard options.controls else { return options.dayScene != nil }
        return values[.autoExposure] == V4L2ControlTable.exposureModeAuto
            || values[.autoExposure] == V4L2ControlTable.exposureModeAperturePriority
    }

    private var isAutoGain: Bool { !options.controls || values[.autoGain] == 1 }

    private var manualExposure: SensorExposure {
        let units = values[.exposureTime] ?? 156
        let gain = values[.gain] ?? SyntheticControlTable.gainUnit
        return SensorExposure(seconds: Double(units) / SyntheticControlTable.exposureUnitsPerSecond,
                              gainFactor: Double(gain) / Double(SyntheticControlTable.gainUnit))
    }

    private static func noSuchControl(_ key: ControlKey) -> CameraError {
        .unsupportedControl(name: key.description, reason: "the test camera has no such control")
    }
}
