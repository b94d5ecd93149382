/// How focus, exposure and white balance ended up, for metadata and EXIF.
public struct AppliedControls: Sendable, Equatable, Codable {
    /// `"auto (locked at 312)"`, `"manual 120"`, `"continuous"`, `"unsupported"`, …
    public var exposure: String?
    public var focus: String?
    public var whiteBalance: String?
    /// Exposure time in 100 µs units when known.
    public var exposureValue: Int64?
    /// White-balance temperature in kelvin when known.
    public var whiteBalanceKelvin: Int64?
    /// Digital zoom (centre crop) still to apply, 1 when none or optical.
    public var digitalZoom: Double = 1
    /// Warnings for settings the camera does not support.
    public var warnings: [String] = []

    public init() {}
}
