/// A named frame size.
package enum SizePreset: String, Sendable, Equatable, CaseIterable {
    /// The largest size the device offers.
    case photo
    /// The largest size the device offers up to 1920x1080.
    case high
    /// 1920x1080.
    case p1080 = "1080p"
    /// 1280x720.
    case p720 = "720p"
    /// 640x480 (the 4:3 size webcams offer; 854x480 is not a common V4L2 mode).
    case p480 = "480p"

    /// The fixed dimensions of the preset, or `nil` for those that depend on the device.
    package var dimensions: (width: Int, height: Int)? {
        switch self {
        case .photo, .high: nil
        case .p1080: (1920, 1080)
        case .p720: (1280, 720)
        case .p480: (640, 480)
        }
    }
}
