import Foundation

/// Maps focus/exposure/white-balance modes, zoom and named controls onto a camera's controls.
///
/// `auto` lets the camera adjust during warm-up (``prepare(_:)``), then ``lockAfterWarmup(_:)``
/// reads back what it settled on and holds it — what keeps a time-lapse free of flicker.
public struct ControlApplier: Sendable {
    public let request: CameraRequest

    public init(request: CameraRequest) { self.request = request }

    /// Applies everything that does not depend on warm-up. Throws for an unsupported
    /// setting marked required; otherwise records a warning.
    public func prepare(_ camera: any Camera) throws(CameraError) -> AppliedControls {
        let controls = try camera.controls()
        var applied = AppliedControls()
        func has(_ id: UInt32) -> Bool { controls.contains { $0.id == id && !$0.readOnly } }
        func unsupported(_ what: String, _ setting: CameraRequest.ControlSetting, _ reason: String) throws(CameraError) -> String {
            if setting.required { throw .unsupportedControl(name: what, reason: reason) }
            applied.warnings.append("\(what): \(reason); left as the camera has it")
            return "unsupported"
        }

        if let setting = request.exposure {
            if !has(ControlID.exposureAuto) && !has(ControlID.exposureAbsolute) {
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
                }
            }
        }
        if let setting = request.focus {
            if !has(ControlID.focusAuto) && !has(ControlID.focusAbsolute) {
                applied.focus = try unsupported("focus", setting, "the camera has no focus controls")
            } else {
                switch setting.mode {
                case .continuous, .auto:
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
        if let setting = request.whiteBalance {
            if !has(ControlID.autoWhiteBalance) && !has(ControlID.whiteBalanceTemperature) {
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
                }
            }
        }
        // Regions of interest: V4L2 has no common control for them on the cameras camsched knows
        // (UVC's is a compound control it does not drive yet), so a point of interest is
        // reported as unsupported rather than silently ignored.
        for (name, setting) in [("focus", request.focus), ("exposure", request.exposure), ("whiteBalance", request.whiteBalance)] {
            guard let setting, setting.pointOfInterest != nil else { continue }
            let reason = "the camera offers no region-of-interest control, so pointOfInterest cannot be applied"
            if setting.required { throw .unsupportedControl(name: "\(name).pointOfInterest", reason: reason) }
            applied.warnings.append("\(name).pointOfInterest: \(reason); the camera meters the whole frame")
        }
        // Zoom: optical where the camera has it (zoom_absolute, 100 = 1×), else a centre crop.
        if request.zoom > 1 {
            if let zoom = controls.first(where: { $0.id == ControlID.zoomAbsolute }) {
                let wanted = Int64((Double(zoom.minimum) * request.zoom).rounded())
                _ = try camera.setControl(id: ControlID.zoomAbsolute, value: zoom.clamp(wanted))
            } else {
                applied.digitalZoom = min(request.zoom, 8)
            }
        }
        // Named controls.
        for (name, text) in request.controls.sorted(by: { $0.key < $1.key }) {
            guard let control = controls.first(where: { $0.name == name }) else {
                let names = controls.map(\.name).sorted().joined(separator: ", ")
                applied.warnings.append("control \(name) is not offered by this camera (it has: \(names))")
                continue
            }
            let value: Int64
            if let number = Int64(text) { value = number }
            else if let index = control.menuIndex(named: text) { value = index }
            else if text == "true" || text == "false" { value = text == "true" ? 1 : 0 }
            else {
                let items = control.menu.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                applied.warnings.append("control \(name): \"\(text)\" is not one of its values (\(items.isEmpty ? "a number from \(control.minimum) to \(control.maximum)" : items))")
                continue
            }
            _ = try camera.setControl(id: control.id, value: control.clamp(value))
        }
        return applied
    }

    /// After warm-up: locks the `auto` settings at what the camera settled on.
    public func lockAfterWarmup(_ camera: any Camera, applied: inout AppliedControls) throws(CameraError) {
        let controls = try camera.controls()
        func has(_ id: UInt32) -> Bool { controls.contains { $0.id == id && !$0.readOnly } }
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
