/// Which controls' values a ``CaptureSession`` reads after warm-up and attaches to its frames.
///
/// Listing every control costs one `VIDIOC_QUERY_EXT_CTRL` and read per control and one
/// `VIDIOC_QUERYMENU` per menu item — about 500 ioctls on vivid. Sidecars and the catalog
/// promise each control's value at capture (SPEC section 5), so jobs read them all; a
/// `camsched snapshot` files only a JPEG, whose EXIF block reads exposure and white balance.
package enum MetadataControls: Sendable, Equatable {
    /// Every control the camera offers (jobs: sidecar and catalog `controls`).
    case every
    /// Those ``ExifFields`` reads: exposure time, auto exposure, automatic white balance.
    case exif

    /// The controls to read, or nil for every control.
    package var keys: [ControlKey]? {
        switch self {
        case .every: nil
        case .exif: [.meaning(.exposureTime), .meaning(.autoExposure), .meaning(.autoWhiteBalance)]
        }
    }
}
