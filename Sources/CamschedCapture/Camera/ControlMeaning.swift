/// What a control does, whatever camera offers it: the camera-neutral identity that camsched's
/// own logic asks for (the exposure, focus and white-balance modes, the exposure ramp, bursts,
/// zoom). Each back-end maps its controls to these — V4L2 through ``V4L2ControlTable``, a
/// libcamera camera through its typed `controls::` ids — and a control with no meaning here is
/// still listed, set by its name (a job's `camera.controls`) and recorded in sidecars.
///
/// Values are ``ControlValue``s of the kind the camera has: whole numbers where V4L2 has them,
/// reals where libcamera has them (its gain is a factor, its brightness -1…1). Where a meaning
/// has a physical unit, the control says what one step of its value is (``CameraControl/unit``).
package enum ControlMeaning: String, Sendable, Codable, CaseIterable {
    case brightness, contrast, saturation, hue
    /// The camera's own auto exposure on (true) or off: manual exposure time and gain.
    case autoExposure
    /// The exposure time; one value step is ``CameraControl/unit`` seconds (V4L2: 100 µs;
    /// libcamera: 1 µs).
    case exposureTime
    /// Exposure compensation of the auto exposure.
    case exposureBias
    /// The camera's own automatic gain on (true) or off.
    case autoGain
    /// Sensor gain: V4L2's in the driver's units (``GainMapping`` makes a factor of it), a
    /// libcamera camera's analogue gain as a factor (1 = none).
    case gain
    /// Automatic white balance on (true) or off.
    case autoWhiteBalance
    /// White-balance colour temperature in kelvin.
    case whiteBalanceTemperature
    /// Red and blue gains of a manual white balance, as a pair.
    case colourGains
    /// Continuous autofocus on (true) or off.
    case autoFocus
    /// A one-shot autofocus run (a button).
    case focusTrigger
    /// The lens position of manual focus, in the camera's units (V4L2's `focus_absolute`,
    /// libcamera's dioptres).
    case focusPosition
    /// Optical zoom; the control's minimum is 1×.
    case zoom
    /// The mains frequency the auto exposure avoids flicker at.
    case powerLineFrequency
    /// Locks of the 3A algorithms.
    case threeALock
}

/// How a control is named to a back-end: by what it means, or by the name `camsched devices`
/// prints (a job's `camera.controls`).
package enum ControlKey: Sendable, Hashable, CustomStringConvertible {
    case meaning(ControlMeaning)
    case name(String)

    package var description: String {
        switch self {
        case let .meaning(meaning): meaning.rawValue
        case let .name(name): name
        }
    }
}
