import CamschedCore
internal import CFFmpegShim
import Foundation

extension RGBPicture {
    /// The size that fits `width`×`height` inside `maxWidth`×`maxHeight` keeping its aspect,
    /// both sides even (4:2:0 encoders want even sides) and at least 2.
    package static func fittedSize(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (2, 2) }
        let scale = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height), 1)
        let even = { (value: Double) in max(2, Int((value / 2).rounded()) * 2) }
        return (even(Double(width) * scale), even(Double(height) * scale))
    }

    /// A decoded picture scaled down (never up) to fit `maxWidth`×`maxHeight`, as RGB.
    /// The corresponding C call is `sws_scale`.
    package init(fitting picture: OwnedAVFrame, maxWidth: Int, maxHeight: Int) throws {
        let size = Self.fittedSize(width: picture.width, height: picture.height, maxWidth: maxWidth, maxHeight: maxHeight)
        let scaled = try ScaleContext(alignment: 1).scale(picture, width: size.width, height: size.height, format: AV_PIX_FMT_RGB24)
        guard let plane = scaled.plane(0) else { throw MediaError.invalidState("the scaled picture has no pixels") }
        let stride = scaled.lineSize(0)
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        pixels.withUnsafeMutableBufferPointer { target in
            for row in 0..<size.height {
                guard let base = target.baseAddress else { return }
                (base + row * size.width * 3).update(from: plane + row * stride, count: size.width * 3)
            }
        }
        self.init(width: size.width, height: size.height, pixels: pixels)
    }

    /// The picture as a JPEG, PNG or WebP file through libavcodec (the still encoder).
    /// - Throws: `MediaError`/`AVError` from the encoder.
    package func encoded(as format: StillFormat, quality: Int) throws -> Data {
        try FFmpegLibraries.load()
        let frame = try OwnedAVFrame(width: width, height: height, format: AV_PIX_FMT_RGB24)
        guard let plane = frame.plane(0) else { throw MediaError.invalidState("av_frame_get_buffer gave no plane") }
        let stride = frame.lineSize(0)
        pixels.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<height {
                (plane + row * stride).update(from: base + row * width * 3, count: width * 3)
            }
        }
        frame.pointer.pointee.color_range = AVCOL_RANGE_JPEG
        return try StillEncoder().encode(picture: frame, format: format, quality: quality)
    }
}
