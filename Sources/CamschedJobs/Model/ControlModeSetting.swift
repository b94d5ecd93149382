/// The setting of focus, exposure or white balance.
///
/// JSON: `"continuous"`, `"auto"`, `"locked"`, `{"manual": 120}`, or an object
/// `{"mode": "auto", "pointOfInterest": [0.5, 0.5], "required": true}` (with `"manual": V` in
/// place of `"mode"` for a fixed value).
package struct ControlModeSetting: Sendable, Equatable {
    /// What to do with the control.
    package var mode: ControlMode
    /// Where to meter or focus, where the device supports a region of interest.
    package var pointOfInterest: PointOfInterest?
    /// If true, a device that cannot do this is an error rather than a warning.
    package var required: Bool

    /// Creates a setting; the default is continuous, no point of interest, not required.
    package init(mode: ControlMode = .continuous, pointOfInterest: PointOfInterest? = nil, required: Bool = false) {
        self.mode = mode
        self.pointOfInterest = pointOfInterest
        self.required = required
    }
}
