/// One pass of applying a ``CameraRequest``'s controls to a camera: what the camera offers,
/// and what has been applied (or warned about) so far. ``ControlApplier/prepare(_:)`` runs one.
struct ControlPass {
    let camera: Camera
    let controls: [CameraControl]
    var applied = AppliedControls()

    init(camera: Camera, controls: [CameraControl]) {
        self.camera = camera
        self.controls = controls
    }

    /// Whether the camera offers a control that means `meaning` and it can be written.
    func has(_ meaning: ControlMeaning) -> Bool { controls.writable(meaning) != nil }

    /// Sets the control that means `meaning`; returns the value read back.
    @discardableResult
    func set(_ meaning: ControlMeaning, _ value: ControlValue) throws(CameraError) -> ControlValue {
        try camera.setControl(.meaning(meaning), to: value)
    }

    /// Reads the control that means `meaning`, nil when it cannot be read.
    func get(_ meaning: ControlMeaning) -> ControlValue? { try? camera.getControl(.meaning(meaning)) }

    /// Throws for a required setting the camera cannot honour; otherwise records a warning
    /// and returns what the applied-controls summary shows for it.
    mutating func unsupported(_ what: String, _ setting: CameraRequest.ControlSetting, _ reason: String) throws(CameraError) -> String {
        if setting.required { throw .unsupportedControl(name: what, reason: reason) }
        applied.warnings.append("\(what): \(reason); left as the camera has it")
        return "unsupported"
    }

    /// Exposure: continuous/auto through the camera's auto exposure, locked or manual through
    /// its exposure time (in the control's own units).
    mutating func applyExposure(_ setting: CameraRequest.ControlSetting) throws(CameraError) {
        if setting.mode == .ramp {
            try applyExposureRamp()
        } else if !has(.autoExposure) && !has(.exposureTime) {
            applied.exposure = try unsupported("exposure", setting, "the camera has no exposure controls")
        } else {
            switch setting.mode {
            case .continuous, .auto:
                if has(.autoExposure) { try set(.autoExposure, .boolean(true)) }
                applied.exposure = setting.mode == .continuous ? "continuous" : "auto"
            case .locked:
                if has(.autoExposure) { try set(.autoExposure, .boolean(false)) }
                applied.note(exposure: get(.exposureTime), of: controls.writable(.exposureTime))
                applied.exposure = "locked" + (applied.exposureValue.map { " at \($0)" } ?? "")
            case let .manual(value):
                guard let control = controls.writable(.exposureTime) else {
                    applied.exposure = try unsupported("exposure", setting, "the camera has no manual exposure time control")
                    break
                }
                if has(.autoExposure) { try set(.autoExposure, .boolean(false)) }
                applied.note(exposure: try set(.exposureTime, .real(value)), of: control)
                applied.exposure = "manual \(applied.exposureValue.map(String.init) ?? ControlValue.real(value).description)"
            case .ramp:
                break
            }
        }
    }

    /// Focus: continuous/auto through continuous autofocus (or a one-shot trigger), locked or
    /// manual through the lens position.
    mutating func applyFocus(_ setting: CameraRequest.ControlSetting) throws(CameraError) {
        if !has(.autoFocus) && !has(.focusPosition) {
            applied.focus = try unsupported("focus", setting, "the camera has no focus controls")
        } else {
            switch setting.mode {
            case .continuous, .auto, .ramp:
                if has(.autoFocus) { try set(.autoFocus, .boolean(true)) }
                else if has(.focusTrigger) { try set(.focusTrigger, .boolean(true)) }
                applied.focus = setting.mode == .continuous ? "continuous" : "auto"
            case .locked:
                if has(.autoFocus) { try set(.autoFocus, .boolean(false)) }
                let value = get(.focusPosition)
                applied.focus = "locked" + (value.map { " at \($0)" } ?? "")
            case let .manual(value):
                guard has(.focusPosition) else {
                    applied.focus = try unsupported("focus", setting, "the camera has no manual focus (lens position) control")
                    break
                }
                if has(.autoFocus) { try set(.autoFocus, .boolean(false)) }
                applied.focus = "manual \(try set(.focusPosition, .real(value)))"
            }
        }
    }

    /// White balance: continuous/auto through automatic white balance, locked or manual
    /// through the colour temperature.
    mutating func applyWhiteBalance(_ setting: CameraRequest.ControlSetting) throws(CameraError) {
        if setting.mode == .ramp {
            try applyWhiteBalanceRamp(setting)
        } else if !has(.autoWhiteBalance) && !has(.whiteBalanceTemperature) {
            applied.whiteBalance = try unsupported("whiteBalance", setting, "the camera has no white-balance controls")
        } else {
            switch setting.mode {
            case .continuous, .auto:
                if has(.autoWhiteBalance) { try set(.autoWhiteBalance, .boolean(true)) }
                applied.whiteBalance = setting.mode == .continuous ? "continuous" : "auto"
            case .locked:
                if has(.autoWhiteBalance) { try set(.autoWhiteBalance, .boolean(false)) }
                applied.whiteBalanceKelvin = get(.whiteBalanceTemperature)?.integer
                applied.whiteBalance = "locked" + (applied.whiteBalanceKelvin.map { " at \($0) K" } ?? "")
            case let .manual(value):
                guard has(.whiteBalanceTemperature) else {
                    applied.whiteBalance = try unsupported("whiteBalance", setting, "the camera has no white-balance temperature control")
                    break
                }
                if has(.autoWhiteBalance) { try set(.autoWhiteBalance, .boolean(false)) }
                applied.whiteBalanceKelvin = try set(.whiteBalanceTemperature, .real(value)).integer
                applied.whiteBalance = "manual \(applied.whiteBalanceKelvin ?? Int64(value)) K"
            case .ramp:
                break
            }
        }
    }
}
