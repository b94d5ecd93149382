import Foundation

/// Maps focus/exposure/white-balance modes, zoom and named controls onto a camera's controls.
///
/// `auto` lets the camera adjust during warm-up (``prepare(_:)``), then ``lockAfterWarmup(_:)``
/// reads back what it settled on and holds it — what keeps a time-lapse free of flicker.
package struct ControlApplier: Sendable {
    package let request: CameraRequest

    package init(request: CameraRequest) { self.request = request }

    /// Applies everything that does not depend on warm-up. Throws for an unsupported
    /// setting marked required; otherwise records a warning.
    package func prepare(_ camera: Camera) throws(CameraError) -> AppliedControls {
        // Nothing asked: nothing to check, so no need to list the controls (a cold still's time).
        if request.exposure == nil, request.focus == nil, request.whiteBalance == nil, request.zoom <= 1, request.controls.isEmpty {
            return AppliedControls()
        }
        var pass = ControlPass(camera: camera, controls: try camera.controls())
        if let setting = request.exposure { try pass.applyExposure(setting) }
        if let setting = request.focus { try pass.applyFocus(setting) }
        if let setting = request.whiteBalance { try pass.applyWhiteBalance(setting) }
        try pass.reportPointsOfInterest(of: request)
        if request.zoom > 1 { try pass.applyZoom(request.zoom, copying: request.purpose == .copy) }
        try pass.applyNamedControls(request.controls)
        return pass.applied
    }

    /// After warm-up: locks the `auto` settings at what the camera settled on.
    package func lockAfterWarmup(_ camera: Camera, applied: inout AppliedControls) throws(CameraError) {
        // Nothing to lock: no need to list the controls (hundreds of ioctls with their menus).
        guard [request.exposure?.mode, request.focus?.mode, request.whiteBalance?.mode].contains(CameraRequest.ControlMode.auto) else { return }
        let has = ControlPass(camera: camera, controls: try camera.controls()).has
        if request.exposure?.mode == .auto, applied.exposure == "auto", has(ControlID.exposureAbsolute) {
            let settled = try camera.getControl(id: ControlID.exposureAbsolute)
            if has(ControlID.exposureAuto) { _ = try camera.setControl(id: ControlID.exposureAuto, value: ControlID.exposureModeManual) }
            applied.exposureValue = try camera.setControl(id: ControlID.exposureAbsolute, value: settled)
            applied.exposure = "auto, locked at \(settled)"
        }
        if request.focus?.mode == .auto, applied.focus == "auto", has(ControlID.focusAbsolute) {
            let settled = try camera.getControl(id: ControlID.focusAbsolute)
            if has(ControlID.focusAuto) { _ = try camera.setControl(id: ControlID.focusAuto, value: 0) }
            _ = try camera.setControl(id: ControlID.focusAbsolute, value: settled)
            applied.focus = "auto, locked at \(settled)"
        }
        if request.whiteBalance?.mode == .auto, applied.whiteBalance == "auto", has(ControlID.whiteBalanceTemperature) {
            let settled = try camera.getControl(id: ControlID.whiteBalanceTemperature)
            if has(ControlID.autoWhiteBalance) { _ = try camera.setControl(id: ControlID.autoWhiteBalance, value: 0) }
            applied.whiteBalanceKelvin = try camera.setControl(id: ControlID.whiteBalanceTemperature, value: settled)
            applied.whiteBalance = "auto, locked at \(settled) K"
        }
    }
}
