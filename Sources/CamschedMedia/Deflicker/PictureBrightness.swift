internal import CFFmpegShim
import CamschedCore
import Foundation

/// The brightness of a planar 4:2:0 picture (YU12, limited or full range) and the same picture
/// made brighter or darker in place, for the time-lapse deflicker.
enum PictureBrightness {
    /// The mean luma on a 0…1 scale: the mean of the ``LumaThumbnail`` the exposure ramp meters
    /// with, divided by 255 for a full-range picture; a limited-range one (16…235) is first
    /// put on the full scale, so a still reads the same before and after the conversion the
    /// encoder needs. Nil for other pixel formats.
    static func measure(_ picture: OwnedAVFrame) -> Double? {
        guard let (limited, luma) = lumaPlane(of: picture) else { return nil }
        let frame = VideoFrame(width: picture.width, height: picture.height, pixelFormat: .yu12,
                               bytesPerLine: picture.lineSize(0),
                               memory: FrameMemory(bytes: luma, giveBack: { withExtendedLifetime(picture) {} }),
                               sequence: 0, timestampNanoseconds: 0, wallClock: Date(timeIntervalSince1970: 0))
        guard let thumbnail = LumaThumbnail(frame: frame), !thumbnail.pixels.isEmpty else { return nil }
        let mean = Double(thumbnail.pixels.reduce(0, +)) / Double(thumbnail.pixels.count)
        return limited ? (mean - 16) / 219 : mean / 255
    }

    /// Multiplies the picture's light by `gain`: luma above black and both chroma planes'
    /// distance from neutral scale alike (as scaling R, G and B would), so colours keep their
    /// hue and saturation; values are clipped to the picture's range. The picture must be one
    /// nobody else holds (made by a ``ScaleContext`` for this purpose).
    static func scale(_ picture: OwnedAVFrame, by gain: Double) {
        guard gain != 1, let (limited, _) = lumaPlane(of: picture) else { return }
        let black = limited ? 16.0 : 0
        let luma = table(limited ? 16...235 : 0...255) { black + gain * (Double($0) - black) }
        let chroma = table(limited ? 16...240 : 0...255) { 128 + gain * (Double($0) - 128) }
        let (chromaWidth, chromaHeight) = ((picture.width + 1) / 2, (picture.height + 1) / 2)
        apply(luma, to: picture, plane: 0, width: picture.width, height: picture.height)
        apply(chroma, to: picture, plane: 1, width: chromaWidth, height: chromaHeight)
        apply(chroma, to: picture, plane: 2, width: chromaWidth, height: chromaHeight)
    }

    /// Whether the picture is limited range, and its luma plane; nil unless planar 4:2:0.
    private static func lumaPlane(of picture: OwnedAVFrame) -> (Bool, UnsafeRawBufferPointer)? {
        let format = picture.format
        guard format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUVJ420P, picture.width >= 2, picture.height >= 2,
              let plane = picture.plane(0), picture.lineSize(0) >= picture.width else { return nil }
        let limited = format == AV_PIX_FMT_YUV420P && picture.pointer.pointee.color_range != AVCOL_RANGE_JPEG
        return (limited, UnsafeRawBufferPointer(start: plane, count: picture.lineSize(0) * picture.height))
    }

    private static func table(_ range: ClosedRange<Double>, _ value: (Int) -> Double) -> [UInt8] {
        (0..<256).map { UInt8(min(max(value($0).rounded(), range.lowerBound), range.upperBound)) }
    }

    private static func apply(_ table: [UInt8], to picture: OwnedAVFrame, plane index: Int, width: Int, height: Int) {
        guard let plane = picture.plane(index) else { return }
        let stride = picture.lineSize(index)
        table.withUnsafeBufferPointer { lookup in
            for y in 0..<height {
                let row = plane + y * stride
                for x in 0..<width { row[x] = lookup[Int(row[x])] }
            }
        }
    }
}
