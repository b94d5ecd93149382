/// How focus, exposure and white balance ended up, for metadata and EXIF.
package struct AppliedControls: Sendable, Equatable, Codable {
    /// `"auto (locked at 312)"`, `"manual 120"`, `"continuous"`, `"unsupported"`, …
    package var exposure: String?
    package var focus: String?
    package var whiteBalance: String?
    /// Exposure time in 100 µs units when known.
    package var exposureValue: Int64?
    /// White-balance temperature in kelvin when known.
    package var whiteBalanceKelvin: Int64?
    /// Digital zoom (centre crop) still to apply, 1 when none or optical.
    package var digitalZoom: Double = 1
    /// Warnings for settings the camera does not support.
    package var warnings: [String] = []

    package init() {}
}
