import CamschedCore

/// `ramp` of exposure and white balance: the camera's own automatics are switched off and the
/// values left to the capture mode, which steps them shot by shot (``ExposureRamp``).
extension ControlPass {
    /// Exposure ramp: manual exposure (`auto_exposure` manual) and `gain_automatic` off, so the
    /// camera's auto exposure never runs during a ramp. A camera with neither a manual exposure
    /// time nor a gain cannot ramp: that is an error whatever `required` says. One with only
    /// one of them ramps that one, with a warning.
    mutating func applyExposureRamp() throws(CameraError) {
        let exposure = has(.exposureTime), gain = has(.gain)
        let kind = CameraKind.of(driver: camera.identity.driver)
        let exposureName = kind.controlName(.exposureTime).map { " (\($0))" } ?? ""
        let gainName = kind.controlName(.gain).map { " (\($0))" } ?? ""
        guard exposure || gain else {
            throw .unsupportedControl(name: "camera.exposure ramp", reason: """
                the camera has no manual exposure time\(exposureName) and no gain\(gainName) to ramp; use "continuous" \
                (the camera's own auto exposure)
                """)
        }
        if has(.autoExposure) { try set(.autoExposure, .boolean(false)) }
        // vivid's and many sensors' gain is inactive (and volatile) while autogain is on.
        if has(.autoGain) { try set(.autoGain, .boolean(false)) }
        if !exposure {
            applied.warnings.append("camera.exposure ramp: the camera has no manual exposure time\(exposureName); only its gain is ramped")
        } else if !gain {
            applied.warnings.append("camera.exposure ramp: the camera has no gain control\(gainName); only its exposure time is ramped")
        }
        if exposure { applied.note(exposure: get(.exposureTime), of: controls.writable(.exposureTime)) }
        applied.exposure = exposure ? (gain ? "ramp" : "ramp (exposure time only)") : "ramp (gain only)"
    }

    /// White-balance ramp: `white_balance_automatic` off; `white_balance_temperature` is then
    /// stepped toward a neutral grey by the capture mode.
    mutating func applyWhiteBalanceRamp(_ setting: CameraRequest.ControlSetting) throws(CameraError) {
        guard has(.whiteBalanceTemperature) else {
            applied.whiteBalance = try unsupported("whiteBalance ramp", setting, "the camera has no white_balance_temperature control")
            return
        }
        if has(.autoWhiteBalance) { try set(.autoWhiteBalance, .boolean(false)) }
        applied.whiteBalanceKelvin = get(.whiteBalanceTemperature)?.integer
        applied.whiteBalance = "ramp"
    }
}
