internal import CFFmpegShim
import CamschedCore

/// Which libav pixel format holds a V4L2 format's pixels, and how.
enum PixelFormatMapping {
    /// How a V4L2 format maps onto libav.
    enum Representation: Sendable, Equatable {
        /// Raw pixels laid out as this libav format. `swapsChroma` is true for YV12, whose
        /// Cr plane comes before Cb (libav has no YVU420P, so the planes are swapped).
        case raw(AVPixelFormat, swapsChroma: Bool)
        /// A compressed picture that the named decoder turns into raw pixels.
        case compressed(decoder: String)
    }

    /// V4L2 codes that have no `FourCC` constant of their own.
    static let yv12 = FourCC(packing: "YV12")
    static let rgb565 = FourCC(packing: "RGBP")
    /// `V4L2_PIX_FMT_ARGB32`: bytes A, R, G, B.
    static let argb32 = FourCC(packing: "BA24")
    /// `V4L2_PIX_FMT_XRGB32`: bytes X, R, G, B.
    static let xrgb32 = FourCC(packing: "BX24")
    /// `V4L2_PIX_FMT_ABGR32`: bytes B, G, R, A.
    static let abgr32 = FourCC(packing: "AR24")
    /// `V4L2_PIX_FMT_XBGR32`: bytes B, G, R, X.
    static let xbgr32 = FourCC(packing: "XR24")
    /// `V4L2_PIX_FMT_RGBA32`: bytes R, G, B, A.
    static let rgba32 = FourCC(packing: "AB24")
    /// `V4L2_PIX_FMT_RGBX32`: bytes R, G, B, X.
    static let rgbx32 = FourCC(packing: "XB24")
    static let nv21 = FourCC(packing: "NV21")
    static let nv16 = FourCC(packing: "NV16")
    static let yvyu = FourCC(packing: "YVYU")
    static let vyuy = FourCC(packing: "VYUY")
    static let yuv422p = FourCC(packing: "422P")

    /// The libav representation of `fourCC`, or nil when there is none.
    ///
    /// 32-bit RGB follows the kernel's "Packed RGB formats" table (byte order in memory), which
    /// is also how libav names its formats (`AV_PIX_FMT_BGRA` is B, G, R, A from byte 0).
    static func representation(of fourCC: FourCC) -> Representation? {
        switch fourCC {
        case .yuyv: .raw(AV_PIX_FMT_YUYV422, swapsChroma: false)
        case .uyvy: .raw(AV_PIX_FMT_UYVY422, swapsChroma: false)
        case yvyu: .raw(AV_PIX_FMT_YVYU422, swapsChroma: false)
        case .nv12: .raw(AV_PIX_FMT_NV12, swapsChroma: false)
        case nv21: .raw(AV_PIX_FMT_NV21, swapsChroma: false)
        case nv16: .raw(AV_PIX_FMT_NV16, swapsChroma: false)
        case .yu12: .raw(AV_PIX_FMT_YUV420P, swapsChroma: false)
        case yv12: .raw(AV_PIX_FMT_YUV420P, swapsChroma: true)
        case yuv422p: .raw(AV_PIX_FMT_YUV422P, swapsChroma: false)
        case .grey: .raw(AV_PIX_FMT_GRAY8, swapsChroma: false)
        case .rgb24: .raw(AV_PIX_FMT_RGB24, swapsChroma: false)
        case .bgr24: .raw(AV_PIX_FMT_BGR24, swapsChroma: false)
        case rgb565: .raw(AV_PIX_FMT_RGB565LE, swapsChroma: false)
        case argb32: .raw(AV_PIX_FMT_ARGB, swapsChroma: false)
        case xrgb32: .raw(AV_PIX_FMT_0RGB, swapsChroma: false)
        case abgr32: .raw(AV_PIX_FMT_BGRA, swapsChroma: false)
        case xbgr32: .raw(AV_PIX_FMT_BGR0, swapsChroma: false)
        case rgba32: .raw(AV_PIX_FMT_RGBA, swapsChroma: false)
        case rgbx32: .raw(AV_PIX_FMT_RGB0, swapsChroma: false)
        case .mjpg, .jpeg: .compressed(decoder: "mjpeg")
        default: nil
        }
    }

    /// The libav pixel format of a raw V4L2 format, or nil for compressed or unknown ones.
    static func avPixelFormat(for fourCC: FourCC) -> AVPixelFormat? {
        if case let .raw(format, _) = representation(of: fourCC) { return format }
        return nil
    }

    /// The V4L2 format for a libav pixel format, where the mapping is one-to-one.
    static func fourCC(for format: AVPixelFormat) -> FourCC? {
        switch format {
        case AV_PIX_FMT_YUYV422: .yuyv
        case AV_PIX_FMT_UYVY422: .uyvy
        case AV_PIX_FMT_YVYU422: yvyu
        case AV_PIX_FMT_NV12: .nv12
        case AV_PIX_FMT_NV21: nv21
        case AV_PIX_FMT_NV16: nv16
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: .yu12
        case AV_PIX_FMT_YUV422P: yuv422p
        case AV_PIX_FMT_GRAY8: .grey
        case AV_PIX_FMT_RGB24: .rgb24
        case AV_PIX_FMT_BGR24: .bgr24
        case AV_PIX_FMT_RGB565LE: rgb565
        case AV_PIX_FMT_ARGB: argb32
        case AV_PIX_FMT_0RGB: xrgb32
        case AV_PIX_FMT_BGRA: abgr32
        case AV_PIX_FMT_BGR0: xbgr32
        case AV_PIX_FMT_RGBA: rgba32
        case AV_PIX_FMT_RGB0: rgbx32
        default: nil
        }
    }

    /// The libav name of a pixel format, e.g. `yuv420p`.
    static func name(of format: AVPixelFormat) -> String {
        guard let name = av_get_pix_fmt_name(format) else { return "none" }
        return String(cString: name)
    }

    /// Whether the format is full-range ("J") YUV, which libswscale and encoders treat as
    /// its limited-range twin with a JPEG colour range.
    static func isFullRange(_ format: AVPixelFormat) -> Bool {
        format == AV_PIX_FMT_YUVJ420P || format == AV_PIX_FMT_YUVJ422P || format == AV_PIX_FMT_YUVJ444P
    }
}
