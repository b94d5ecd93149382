/// A camera's `gain` control as a factor (1 = no gain), for the exposure ramp and a still's
/// `light.gain` and ISO.
///
/// V4L2 gives gain in the driver's own units. camsched's test camera has 100…1600, factor
/// exactly value / 100. For other cameras: factor = value / minimum when the minimum is above
/// zero (the sensor's unity gain is usually its minimum), else value / default (vivid: 0…255,
/// default 100), else value over a sixteenth of the range. It is an approximation — a real
/// sensor's analogue gain is seldom linear in its register — which the ramp's feedback (it
/// meters every shot) corrects. A libcamera camera's gain is a factor already (unity 1).
package struct GainMapping: Sendable, Equatable {
    package let control: CameraControl
    /// The control value of a factor of 1.
    package let unity: Double

    package init(control: CameraControl) {
        self.control = control
        let defaultValue = control.defaultValue.real ?? 0
        if !control.kind.isWhole {
            unity = 1
        } else if control.minimum > 0 {
            unity = control.minimum
        } else if defaultValue > 0 {
            unity = defaultValue
        } else {
            unity = max(1, (control.maximum - control.minimum) / 16)
        }
    }

    /// The factor of a control value.
    package func factor(_ value: ControlValue) -> Double { (value.real ?? unity) / unity }

    /// The control value nearest `factor`, within the control's range and step.
    package func value(_ factor: Double) -> ControlValue {
        let wanted = factor * unity
        guard wanted.isFinite else { return control.defaultValue }
        return control.clamp(.real(wanted))
    }

    /// The highest factor the control reaches.
    package var maximumFactor: Double { control.maximum / unity }
}
