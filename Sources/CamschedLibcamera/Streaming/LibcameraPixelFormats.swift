import CamschedCore

/// libcamera's pixel formats (DRM fourccs) and the V4L2 fourccs of the same bytes in memory.
/// DRM names packed RGB by the order of bits in a little-endian word, V4L2 by the order of
/// bytes: libcamera's BGR888 (`BG24`) is R, G, B in memory, V4L2's RGB24 (`RGB3`). The table is
/// libcamera's own (src/libcamera/formats.cpp, v4l2_pixelformat.cpp).
package enum LibcameraPixelFormats {
    /// (DRM fourcc, V4L2 fourcc) pairs.
    static let table: [(drm: String, v4l2: String)] = [
        ("BG24", "RGB3"),  // libcamera BGR888
        ("RG24", "BGR3"),  // libcamera RGB888
        ("XR24", "BGR4"),  // libcamera XRGB8888: B, G, R, X in memory
        ("YUYV", "YUYV"),
        ("UYVY", "UYVY"),
        ("YVYU", "YVYU"),
        ("NV12", "NV12"),
        ("NV21", "NV21"),
        ("NV16", "NV16"),
        ("YU12", "YU12"),  // libcamera YUV420
        ("YV12", "YV12"),  // libcamera YVU420
        ("MJPG", "MJPG"),
        ("R8  ", "GREY"),
    ]

    /// The V4L2 fourcc for a DRM fourcc, or nil when camsched has no converter for it.
    package static func v4l2(forDRM drm: FourCC) -> FourCC? {
        table.first { FourCC($0.drm) == drm }.flatMap { FourCC($0.v4l2) }
    }

    /// The DRM fourcc libcamera uses for a V4L2 fourcc.
    package static func drm(forV4L2 v4l2: FourCC) -> FourCC? {
        table.first { FourCC($0.v4l2) == v4l2 }.flatMap { FourCC($0.drm) }
    }
}
