internal import CFFmpegShim

/// Turns pictures upright by moving pixels: used for PNG and WebP stills, which have no
/// orientation tag that viewers honour (JPEG stills carry EXIF Orientation instead).
enum PictureOrientation {
    /// Bytes per pixel of single-plane formats whose pixels are whole bytes, or nil.
    static func bytesPerPixel(_ format: AVPixelFormat) -> Int? {
        switch format {
        case AV_PIX_FMT_GRAY8: 1
        case AV_PIX_FMT_RGB24, AV_PIX_FMT_BGR24: 3
        case AV_PIX_FMT_RGBA, AV_PIX_FMT_BGRA, AV_PIX_FMT_ARGB, AV_PIX_FMT_ABGR,
             AV_PIX_FMT_RGB0, AV_PIX_FMT_BGR0, AV_PIX_FMT_0RGB, AV_PIX_FMT_0BGR: 4
        default: nil
        }
    }

    /// A copy of `source` rotated clockwise by `rotation` degrees (0, 90, 180, 270) and then,
    /// when `mirror` is set, flipped left to right — the transform a viewer applies for the
    /// matching EXIF orientation.
    static func apply(rotation: Int, mirror: Bool, to source: OwnedAVFrame) throws -> OwnedAVFrame {
        guard let pixelBytes = bytesPerPixel(source.format) else {
            throw MediaError.invalidSetting("cannot rotate \(PixelFormatMapping.name(of: source.format)) pixels")
        }
        let quarterTurns = ((rotation % 360 + 360) % 360) / 90
        let sourceWidth = source.width, sourceHeight = source.height
        let swaps = quarterTurns % 2 == 1
        let width = swaps ? sourceHeight : sourceWidth
        let height = swaps ? sourceWidth : sourceHeight
        let target = try OwnedAVFrame(width: width, height: height, format: source.format)
        guard let input = source.plane(0), let output = target.plane(0) else {
            throw MediaError.invalidState("picture without pixels")
        }
        let inputStride = source.lineSize(0), outputStride = target.lineSize(0)
        for y in 0..<height {
            let row = output + y * outputStride
            for x in 0..<width {
                let displayedX = mirror ? width - 1 - x : x
                let (sourceX, sourceY): (Int, Int) = switch quarterTurns {
                case 1: (y, sourceHeight - 1 - displayedX)
                case 2: (sourceWidth - 1 - displayedX, sourceHeight - 1 - y)
                case 3: (sourceWidth - 1 - y, displayedX)
                default: (displayedX, y)
                }
                let from = input + sourceY * inputStride + sourceX * pixelBytes
                let to = row + x * pixelBytes
                for byte in 0..<pixelBytes { to[byte] = from[byte] }
            }
        }
        target.pointer.pointee.color_range = source.pointer.pointee.color_range
        return target
    }
}
