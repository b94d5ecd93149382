/// How focus, exposure and white balance ended up, for metadata and EXIF.
package struct AppliedControls: Sendable, Equatable, Codable {
    /// `"auto (locked at 312)"`, `"manual 120"`, `"continuous"`, `"unsupported"`, …
    package var exposure: String?
    package var focus: String?
    package var whiteBalance: String?
    /// Exposure time in the camera's own units when known (V4L2: 100 µs, libcamera: 1 µs).
    package var exposureValue: Int64?
    /// The same exposure time in seconds (what EXIF records).
    package var exposureSeconds: Double?
    /// White-balance temperature in kelvin when known.
    package var whiteBalanceKelvin: Int64?
    /// Digital zoom (centre crop) still to apply, 1 when none or optical.
    package var digitalZoom: Double = 1
    /// Warnings for settings the camera does not support.
    package var warnings: [String] = []

    package init() {}

    /// Records the exposure time `value` of `control` (nil: unknown).
    package mutating func note(exposure value: ControlValue?, of control: CameraControl?) {
        exposureValue = value?.integer
        exposureSeconds = value?.real.map { $0 * (control?.unit ?? 1) }
    }
}
