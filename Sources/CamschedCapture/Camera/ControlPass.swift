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

    /// Whether the camera offers control `id` and it can be written.
    func has(_ id: UInt32) -> Bool { controls.contains { $0.id == id && !$0.readOnly } }

    /// Throws for a required setting the camera cannot honour; otherwise records a warning
    /// and returns what the applied-controls summary shows for it.
    mutating func unsupported(_ what: String, _ setting: CameraRequest.ControlSetting, _ reason: String) throws(CameraError) -> String {
        if setting.required { throw .unsupportedControl(name: what, reason: reason) }
        applied.warnings.append("\(what): \(reason); left as the camera has it")
        return "unsupported"
    }

    /// Exposure: continuous/auto through `exposure_auto`, locked or manual through
    /// `exposure_time_absolute`.
    mutating func applyExposure(_ setting: CameraRequest.ControlSetting) throws(CameraError) {
        if setting.mode == .ramp {
            try applyExposureRamp()
        } else if !has(ControlID.exposureAuto) && !has(ControlID.exposureAbsolute) {
            applied.exposure = try unsupported("exposure", setting, "the camera has no exposure controls")
        } else {
            switch setting.mode {
            case .continuous, .auto:
                let auto = controls.first { $0.id == ControlID.exposureAuto }
                let value = auto?.menu[ControlID.exposureModeAuto] != nil ? ControlID.exposureModeAuto : ControlID.exposureModeAperturePriority
                if auto != nil { _ = try camera.setControl(id: ControlID.exposureAuto, value: value) }
                applied.exposure = setting.mode == .continuous ? "continuous" : "auto"
            case .locked:
                if has(ControlID.exposureAuto) { _ = try camera.setControl(id: ControlID.exposureAuto, value: ControlID.exposureModeManual) }
                applied.exposureValue = try? camera.getControl(id: ControlID.exposureAbsolute)
                applied.exposure = "locked" + (applied.exposureValue.map { " at \($0)" } ?? "")
            case let .manual(value):
                guard has(ControlID.exposureAbsolute) else {
                    applied.exposure = try unsupported("exposure", setting, "the camera has no manual exposure (exposure_time_absolute)")
                    break
                }
                if has(ControlID.exposureAuto) { _ = try camera.setControl(id: ControlID.exposureAuto, value: ControlID.exposureModeManual) }
                applied.exposureValue = try camera.setControl(id: ControlID.exposureAbsolute, value: Int64(value.rounded()))
                applied.exposure = "manual \(applied.exposureValue ?? Int64(value))"
            case .ramp:
                break
            }
        }
    }

    /// Focus: continuous/auto through `focus_auto` (or a one-shot `auto_focus_start`), locked
    /// or manual through `focus_absolute`.
    mutating func applyFocus(_ setting: CameraRequest.ControlSetting) throws(CameraError) {
        if !has(ControlID.focusAuto) && !has(ControlID.focusAbsolute) {
            applied.focus = try unsupported("focus", setting, "the camera has no focus controls")
        } else {
            switch setting.mode {
            case .continuous, .auto, .ramp:
                if has(ControlID.focusAuto) { _ = try camera.setControl(id: ControlID.focusAuto, value: 1) }
                else if has(ControlID.autoFocusStart) { _ = try camera.setControl(id: ControlID.autoFocusStart, value: 1) }
                applied.focus = setting.mode == .continuous ? "continuous" : "auto"
            case .locked:
                if has(ControlID.focusAuto) { _ = try camera.setControl(id: ControlID.focusAuto, value: 0) }
                let value = try? camera.getControl(id: ControlID.focusAbsolute)
                applied.focus = "locked" + (value.map { " at \($0)" } ?? "")
            case let .manual(value):
                guard has(ControlID.focusAbsolute) else {
                    applied.focus = try unsupported("focus", setting, "the camera has no manual focus (focus_absolute)")
                    break
                }
                if has(ControlID.focusAuto) { _ = try camera.setControl(id: ControlID.focusAuto, value: 0) }
                let set = try camera.setControl(id: ControlID.focusAbsolute, value: Int64(value.rounded()))
                applied.focus = "manual \(set)"
            }
        }
    }

    /// White balance: continuous/auto through `white_balance_automatic`, locked or manual
    /// through `white_balance_temperature`.
    mutating func applyWhiteBalance(_ setting: CameraRequest.ControlSetting) throws(CameraError) {
        if setting.mode == .ramp {
            try applyWhiteBalanceRamp(setting)
        } else if !has(ControlID.autoWhiteBalance) && !has(ControlID.whiteBalanceTemperature) {
            applied.whiteBalance = try unsupported("whiteBalance", setting, "the camera has no white-balance controls")
        } else {
            switch setting.mode {
            case .continuous, .auto:
                if has(ControlID.autoWhiteBalance) { _ = try camera.setControl(id: ControlID.autoWhiteBalance, value: 1) }
                applied.whiteBalance = setting.mode == .continuous ? "continuous" : "auto"
            case .locked:
                if has(ControlID.autoWhiteBalance) { _ = try camera.setControl(id: ControlID.autoWhiteBalance, value: 0) }
                applied.whiteBalanceKelvin = try? camera.getControl(id: ControlID.whiteBalanceTemperature)
                applied.whiteBalance = "locked" + (applied.whiteBalanceKelvin.map { " at \($0) K" } ?? "")
            case let .manual(value):
                guard has(ControlID.whiteBalanceTemperature) else {
                    applied.whiteBalance = try unsupported("whiteBalance", setting, "the camera has no white_balance_temperature control")
                    break
                }
                if has(ControlID.autoWhiteBalance) { _ = try camera.setControl(id: ControlID.autoWhiteBalance, value: 0) }
                applied.whiteBalanceKelvin = try camera.setControl(id: ControlID.whiteBalanceTemperature, value: Int64(value.rounded()))
                applied.whiteBalance = "manual \(applied.whiteBalanceKelvin ?? Int64(value)) K"
            case .ramp:
                break
            }
        }
    }
}
