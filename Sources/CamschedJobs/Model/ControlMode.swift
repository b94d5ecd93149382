/// How camsched drives an automatic camera function (focus, exposure, white balance).
package enum ControlMode: Sendable, Equatable {
    /// The camera keeps adjusting.
    case continuous
    /// Adjust once during warm-up, then lock for the rest of the run.
    case auto
    /// Keep whatever the camera has now.
    case locked
    /// A fixed value in the control's own units (exposure in 100 µs, white balance in kelvin,
    /// focus in the device's range).
    case manual(Double)
    /// Driven by camsched from the frames' brightness, a bounded step per shot (interval jobs):
    /// exposure time and gain toward the spec's target, or white balance toward neutral grey.
    case ramp(RampSpec)
}
