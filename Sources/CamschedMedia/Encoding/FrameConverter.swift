internal import CFFmpegShim
import CamschedCore

/// Turns camera frames into `AVFrame`s of the pixel format and size an encoder takes.
///
/// Camera MJPEG is decoded first. When the frame already has the target format and size and
/// nothing is cropped or rotated, the result points at the frame's own memory (no copy);
/// otherwise libswscale converts. Digital zoom (``FrameMetadata/digitalZoom``) is a centre
/// crop scaled back to the target size. Rotation and mirroring move pixels and are meant for
/// PNG and WebP stills only: videos carry rotation as container metadata, JPEG as EXIF.
final class FrameConverter {
    /// The pixel format of the converted pictures.
    let targetFormat: AVPixelFormat
    /// Fixed output size before rotation; nil keeps each frame's own size.
    let targetWidth: Int?
    let targetHeight: Int?
    /// Whether to apply the frame's digital zoom.
    let appliesZoom: Bool
    /// Whether to rotate/mirror pixels by the frame's metadata.
    let appliesOrientation: Bool

    private let scaler = ScaleContext()
    private let rotationScaler = ScaleContext()
    private var decoder: PictureDecoder?

    /// - Parameters:
    ///   - targetFormat: the pixel format to produce.
    ///   - width, height: the output size before rotation; nil keeps the frame's size.
    ///   - appliesZoom: centre-crop by the frame's `digitalZoom`.
    ///   - appliesOrientation: rotate and mirror pixels by the frame's metadata.
    init(targetFormat: AVPixelFormat, width: Int? = nil, height: Int? = nil,
                appliesZoom: Bool = true, appliesOrientation: Bool = false) {
        self.targetFormat = targetFormat
        self.targetWidth = width
        self.targetHeight = height
        self.appliesZoom = appliesZoom
        self.appliesOrientation = appliesOrientation
    }

    /// Whether `fourCC` frames of this size go through without conversion.
    func passesThrough(_ fourCC: FourCC, width: Int, height: Int) -> Bool {
        guard let format = PixelFormatMapping.avPixelFormat(for: fourCC) else { return false }
        return format == targetFormat && (targetWidth ?? width) == width && (targetHeight ?? height) == height
    }

    /// Converts one camera frame.
    /// - Throws: `MediaError` for unsupported or short frames, `AVError` from decoding or scaling.
    func convert(_ frame: VideoFrame) throws -> OwnedAVFrame {
        let source: OwnedAVFrame
        switch PixelFormatMapping.representation(of: frame.pixelFormat) {
        case let .compressed(decoderName):
            if decoder == nil { decoder = try PictureDecoder(decoder: decoderName) }
            guard let decoder else { throw MediaError.invalidState("no decoder") }
            source = try decoder.decode(frame.bytes)
        case .raw:
            source = try frame.wrappedAVFrame()
        case nil:
            throw MediaError.unsupportedPixelFormat(frame.pixelFormat)
        }
        let metadata = frame.metadata
        return try convert(source, zoom: appliesZoom ? metadata.digitalZoom : 1,
                           rotation: appliesOrientation ? metadata.rotation : 0,
                           mirror: appliesOrientation && metadata.mirror)
    }

    /// Converts a raw picture: crops by `zoom`, scales to the target, then rotates clockwise by
    /// `rotation` degrees and mirrors.
    func convert(_ source: OwnedAVFrame, zoom: Double = 1, rotation: Int = 0, mirror: Bool = false) throws -> OwnedAVFrame {
        let width = targetWidth ?? source.width
        let height = targetHeight ?? source.height
        if zoom > 1.0001 { try Self.cropCentre(source, zoom: zoom) }
        let turns = ((rotation % 360 + 360) % 360) / 90
        if turns == 0 && !mirror {
            if source.format == targetFormat && source.width == width && source.height == height {
                return source
            }
            return try scaler.scale(source, width: width, height: height, format: targetFormat)
        }
        let packed = PictureOrientation.bytesPerPixel(targetFormat) != nil ? targetFormat : AV_PIX_FMT_RGB24
        let upright = try PictureOrientation.apply(
            rotation: rotation, mirror: mirror,
            to: scaler.scale(source, width: width, height: height, format: packed))
        if packed == targetFormat { return upright }
        return try rotationScaler.scale(upright, width: upright.width, height: upright.height, format: targetFormat)
    }

    /// Crops the centre 1/zoom of `frame` in place (pointer arithmetic, no copy), keeping
    /// offsets and sizes even so 4:2:x chroma stays aligned.
    /// The corresponding C call is `av_frame_apply_cropping`.
    static func cropCentre(_ frame: OwnedAVFrame, zoom: Double) throws {
        let width = frame.width, height = frame.height
        let cropWidth = max(2, Int(Double(width) / zoom) & ~1)
        let cropHeight = max(2, Int(Double(height) / zoom) & ~1)
        let left = ((width - cropWidth) / 2) & ~1
        let top = ((height - cropHeight) / 2) & ~1
        frame.pointer.pointee.crop_left = left
        frame.pointer.pointee.crop_top = top
        frame.pointer.pointee.crop_right = width - cropWidth - left
        frame.pointer.pointee.crop_bottom = height - cropHeight - top
        try AVError.check(av_frame_apply_cropping(frame.pointer, Int32(AV_FRAME_CROP_UNALIGNED)),
                          "av_frame_apply_cropping")
    }
}
