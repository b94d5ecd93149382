import CamschedCore

/// The mean brightness and colour cast of a frame, measured on a grid of samples of a raw frame
/// and over every 8x8 block of a JPEG: what an exposure ramp meters and what a still's sidecar
/// (`light.brightness`) carries.
///
/// Raw frames (YUYV, UYVY, NV12, YU12, GREY) are read where they lie. An MJPG/JPEG frame is not
/// decoded in full: libjpeg-turbo decodes each 8x8 block's mean (``JPEGLevels``), its luma
/// alone unless the colour cast is asked for. H.264 and a JPEG libjpeg cannot read are decoded
/// by FFmpeg (``CompressedFrameDecoder``, one per meter). Use from one thread.
package final class FrameMeter {
    /// One measurement.
    package struct Reading: Sendable, Equatable {
        /// Mean luma, 0 (black) … 1 (white), the same on every format: a raw frame's video range
        /// (Y' 16…235) and a JPEG's full range (0…255) are each read as theirs.
        package var brightness: Double
        /// Mean Cb and Cr from their neutral 128, over their range (112 video, 128 full): −1…1,
        /// 0 for a neutral grey (nil for GREY).
        package var blueCast: Double?
        package var redCast: Double?

        package init(brightness: Double, blueCast: Double? = nil, redCast: Double? = nil) {
            self.brightness = brightness
            self.blueCast = blueCast
            self.redCast = redCast
        }
    }

    /// About this many samples across a row (and proportionally down the frame).
    package static let samplesAcross = 64
    private var decoder: CompressedFrameDecoder?
    /// The levels of the last JPEG metered (nil when it was not read): how much of it was
    /// decoded (its `decodedWidth`).
    package private(set) var lastJPEG: JPEGLevels?

    package init() {}

    /// The reading of `frame`; nil for a format it cannot read or a compressed frame that does
    /// not decode (a JPEG cut short or damaged is not read: its missing part would be made up).
    /// - Parameter cast: Whether the colour cast is wanted (a white-balance ramp); without it, a
    ///   JPEG's chroma is not decoded and its reading has no cast.
    package func measure(_ frame: VideoFrame, cast: Bool = true) -> Reading? {
        switch frame.pixelFormat {
        case .mjpg, .jpeg:
            // libjpeg-turbo, already loaded for stills; FFmpeg's decoder only for what it cannot read.
            lastJPEG = nil
            do {
                let levels = try JPEGLevels(of: frame, chroma: cast)
                lastJPEG = levels
                return Self.reading(levels)
            } catch .unreadable {
                return decoded(frame)
            } catch {
                return nil
            }
        case .h264:
            return decoded(frame)
        default:
            return Self.measureRaw(frame)
        }
    }

    /// The reading of a compressed frame decoded by FFmpeg.
    private func decoded(_ frame: VideoFrame) -> Reading? {
        if decoder?.format != frame.pixelFormat { decoder = try? CompressedFrameDecoder(format: frame.pixelFormat) }
        guard let decoder else { return nil }
        decoder.feed(frame)
        // The decoder's picture is packed into video-range YU12 (a JPEG's full range converted by
        // swscale), so it is read as a raw frame is: the same scene reads the same on every format.
        return decoder.picture().flatMap { Self.measureRaw($0) }
    }

    /// The reading of a JPEG's mean levels: full range, chroma 0…255 around 128.
    static func reading(_ levels: JPEGLevels) -> Reading {
        let brightness = min(max(levels.luma / 255, 0), 1)
        guard let blue = levels.blue, let red = levels.red else { return Reading(brightness: brightness) }
        return Reading(brightness: brightness, blueCast: (blue - 128) / 128, redCast: (red - 128) / 128)
    }

    /// The reading of a raw frame (video range); nil for another format.
    package static func measureRaw(_ frame: VideoFrame) -> Reading? {
        let format = frame.pixelFormat
        let packed = format == .yuyv || format == .uyvy
        guard packed || format == .nv12 || format == .yu12 || format == .grey, frame.width >= 2, frame.height >= 2,
              let base = frame.bytes.baseAddress, frame.bytes.count >= requiredBytes(frame) else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let stride = frame.bytesPerLine
        let step = max(2, (frame.width / samplesAcross) & ~1)
        var (luma, cb, cr, count) = (0, 0, 0, 0)
        let lumaPlane = frame.height * stride
        for y in Swift.stride(from: 0, to: frame.height & ~1, by: step) {
            for x in Swift.stride(from: 0, to: frame.width & ~1, by: step) {
                count += 1
                switch format {
                case .yuyv, .uyvy:
                    let pair = bytes + y * stride + x * 2
                    let (yOffset, uOffset, vOffset) = format == .yuyv ? (0, 1, 3) : (1, 0, 2)
                    luma += Int(pair[yOffset])
                    cb += Int(pair[uOffset])
                    cr += Int(pair[vOffset])
                case .nv12:
                    luma += Int(bytes[y * stride + x])
                    let chroma = bytes + lumaPlane + (y / 2) * stride + x
                    cb += Int(chroma[0])
                    cr += Int(chroma[1])
                case .yu12:
                    luma += Int(bytes[y * stride + x])
                    let quarter = (frame.height / 2) * (stride / 2)
                    let offset = (y / 2) * (stride / 2) + x / 2
                    cb += Int(bytes[lumaPlane + offset])
                    cr += Int(bytes[lumaPlane + quarter + offset])
                default:
                    luma += Int(bytes[y * stride + x])
                }
            }
        }
        guard count > 0 else { return nil }
        let n = Double(count)
        let (black, lumaRange, chromaRange) = (16.0, 219.0, 112.0)
        let brightness = min(max((Double(luma) / n - black) / lumaRange, 0), 1)
        if format == .grey { return Reading(brightness: brightness) }
        return Reading(brightness: brightness, blueCast: (Double(cb) / n - 128) / chromaRange,
                       redCast: (Double(cr) / n - 128) / chromaRange)
    }

    private static func requiredBytes(_ frame: VideoFrame) -> Int {
        switch frame.pixelFormat {
        case .nv12, .yu12: frame.bytesPerLine * frame.height * 3 / 2
        default: frame.bytesPerLine * frame.height
        }
    }
}
