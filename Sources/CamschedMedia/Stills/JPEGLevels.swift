internal import CJPEGShim
import CamschedCore

/// The mean luma (and chroma) of a camera's JPEG (MJPEG) frame, read by libjpeg-turbo without
/// loading FFmpeg's libraries: what ``FrameMeter`` meters a JPEG with. By default only each
/// 8x8 block's mean is decoded (libjpeg's 1/8 IDCT scaling: 240x135 of 1920x1080), which gives
/// the picture's mean without making its pixels; without chroma, only the luma is rebuilt.
package struct JPEGLevels: Sendable, Equatable {
    /// How much of the picture is decoded.
    package enum Scale: Int32, Sendable {
        /// Every pixel (the cost of a still's full decode).
        case full = 1
        /// Each 8x8 block's mean: 1/64 of the pixels.
        case eighth = 8
    }

    /// The JPEG's own size.
    package var imageWidth: Int
    package var imageHeight: Int
    /// The size decoded: the image's at the scale, rounded up.
    package var decodedWidth: Int
    package var decodedHeight: Int
    /// Mean Y' over the image, 0…255 as stored (a JPEG's full range).
    package var luma: Double
    /// Mean Cb and Cr, 0…255 (128 neutral); nil for a greyscale JPEG or when chroma is not asked.
    package var blue: Double?
    package var red: Double?

    /// Measures `frame` (MJPG or JPEG) at the size the JPEG says (a camera's frame says the same).
    /// - Parameter chroma: Also the mean Cb and Cr (a white-balance ramp's colour cast).
    /// - Throws: ``JPEGLevelsError``: the data is cut short or damaged, or is no JPEG libjpeg reads.
    package init(of frame: VideoFrame, scale: Scale = .eighth, chroma: Bool) throws(JPEGLevelsError) {
        guard let source = frame.bytes.baseAddress, !frame.bytes.isEmpty else { throw .unreadable("the frame is empty") }
        var levels = cs_jpeg_levels()
        var message = [CChar](repeating: 0, count: 256)
        let result = cs_jpeg_levels_of(source.assumingMemoryBound(to: UInt8.self), frame.bytes.count, scale.rawValue,
                                       chroma ? 1 : 0, &levels, &message, message.count)
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if result == -2 { throw .damaged(text) }
        guard result == 0 else { throw .unreadable(text) }
        (imageWidth, imageHeight) = (Int(levels.imageWidth), Int(levels.imageHeight))
        (decodedWidth, decodedHeight) = (Int(levels.decodedWidth), Int(levels.decodedHeight))
        luma = levels.luma
        (blue, red) = levels.components == 3 ? (levels.cb, levels.cr) : (nil, nil)
    }
}

/// Why a JPEG frame was not metered.
package enum JPEGLevelsError: Error, Equatable, CustomStringConvertible {
    /// Cut short or corrupt (libjpeg would make up the rest in grey): libjpeg's message.
    case damaged(String)
    /// No JPEG libjpeg reads (FFmpeg may): libjpeg's message.
    case unreadable(String)

    package var description: String {
        switch self {
        case .damaged(let message):
            "\(message); its brightness is not measured (a camera sends such frames when its USB bandwidth or the network runs short)"
        case .unreadable(let message): "the frame is no JPEG libjpeg reads: \(message)"
        }
    }
}
