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
        let pass = ControlPass(camera: camera, controls: try camera.controls())
        if request.exposure?.mode == .auto, applied.exposure == "auto", pass.has(.exposureTime) {
            let settled = try camera.getControl(.meaning(.exposureTime))
            if pass.has(.autoExposure) { try pass.set(.autoExposure, .boolean(false)) }
            applied.note(exposure: try pass.set(.exposureTime, settled), of: pass.controls.writable(.exposureTime))
            applied.exposure = "auto, locked at \(settled)"
        }
        if request.focus?.mode == .auto, applied.focus == "auto", pass.has(.focusPosition) {
            let settled = try camera.getControl(.meaning(.focusPosition))
            if pass.has(.autoFocus) { try pass.set(.autoFocus, .boolean(false)) }
            try pass.set(.focusPosition, settled)
            applied.focus = "auto, locked at \(settled)"
        }
        if request.whiteBalance?.mode == .auto, applied.whiteBalance == "auto", pass.has(.whiteBalanceTemperature) {
            let settled = try camera.getControl(.meaning(.whiteBalanceTemperature))
            if pass.has(.autoWhiteBalance) { try pass.set(.autoWhiteBalance, .boolean(false)) }
            applied.whiteBalanceKelvin = try pass.set(.whiteBalanceTemperature, settled).integer
            applied.whiteBalance = "auto, locked at \(settled) K"
        }
    }
}
