/// The settings of a request beyond the three modes: points of interest, zoom and named controls.
extension ControlPass {
    /// Regions of interest: V4L2 has no common control for them on the cameras camsched knows
    /// (UVC's is a compound control it does not drive yet), so a point of interest is
    /// reported as unsupported rather than silently ignored.
    mutating func reportPointsOfInterest(of request: CameraRequest) throws(CameraError) {
        for (name, setting) in [("focus", request.focus), ("exposure", request.exposure), ("whiteBalance", request.whiteBalance)] {
            guard let setting, setting.pointOfInterest != nil else { continue }
            let reason = "the camera offers no region-of-interest control, so pointOfInterest cannot be applied"
            if setting.required { throw .unsupportedControl(name: "\(name).pointOfInterest", reason: reason) }
            applied.warnings.append("\(name).pointOfInterest: \(reason); the camera meters the whole frame")
        }
    }

    /// Zoom: optical where the camera has it (its minimum is 1×), else a centre crop.
    /// - Parameter copying: the frames are filed as they came (`codec: "copy"`), so a crop
    ///   cannot be made: without an optical zoom that is an error, not a zoom silently left out.
    mutating func applyZoom(_ factor: Double, copying: Bool = false) throws(CameraError) {
        if let zoom = controls.writable(.zoom) {
            try set(.zoom, zoom.clamp(.real(zoom.minimum * factor)))
        } else if copying {
            let shown = factor == factor.rounded() ? String(Int(factor)) : String(factor)
            throw .unsupportedControl(name: "camera.zoom \(shown)", reason: """
                this camera has no optical zoom, so the zoom would be a centre crop of every frame, and codec "copy" files \
                the camera's frames as they are; leave camera.zoom out (or set the zoom on the camera itself), or choose \
                codec "h264" (or "auto") to crop and encode
                """)
        } else {
            applied.digitalZoom = min(factor, 8)
        }
    }

    /// Named controls, by the names `camsched devices` prints; a value is a number, a menu
    /// item's name, or true/false.
    mutating func applyNamedControls(_ named: [String: String]) throws(CameraError) {
        for (name, text) in named.sorted(by: { $0.key < $1.key }) {
            guard let control = controls.first(where: { $0.name == name }) else {
                let names = controls.map(\.name).sorted().joined(separator: ", ")
                applied.warnings.append("control \(name) is not offered by this camera (it has: \(names))")
                continue
            }
            let value: ControlValue
            if let number = Int64(text) { value = .integer(number) }
            else if let number = Double(text), number.isFinite, !control.kind.isWhole { value = .real(number) }
            else if let index = control.menuIndex(named: text) { value = .integer(index) }
            else if text == "true" || text == "false" { value = .boolean(text == "true") }
            else {
                let items = control.menu.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                applied.warnings.append("control \(name): \"\(text)\" is not one of its values (\(items.isEmpty ? "\(control.kind.isWhole ? "a whole number" : "a number") from \(ControlValue.text(control.minimum)) to \(ControlValue.text(control.maximum))" : items))")
                continue
            }
            _ = try camera.setControl(.name(control.name), to: control.clamp(value))
        }
    }
}
