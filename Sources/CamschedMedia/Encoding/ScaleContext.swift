internal import CFFmpegShim

/// A libswscale context that converts pictures of one size and format into another, rebuilt
/// only when either side changes. Freed in `deinit`.
final class ScaleContext {
    private var context: OpaquePointer?
    private var key: [Int32] = []
    private let pictures: PicturePool

    /// - Parameter alignment: the row alignment of the pictures it makes (1: tightly packed).
    init(alignment: Int32 = 64) { pictures = PicturePool(alignment: alignment) }

    deinit { sws_freeContext(context) }

    /// Converts `source` into a new frame of `width`×`height` in `format`.
    /// Full-range ("J") YUV is handled as its limited twin plus a JPEG colour range, which is
    /// how libswscale wants it. The corresponding C call is `sws_scale`.
    func scale(_ source: OwnedAVFrame, width: Int, height: Int, format: AVPixelFormat) throws -> OwnedAVFrame {
        let (sourceFormat, sourceFull) = Self.normalised(source.format)
        let (targetFormat, targetFull) = Self.normalised(format)
        let newKey = [source.pointer.pointee.width, source.pointer.pointee.height, sourceFormat.rawValue,
                      Int32(width), Int32(height), targetFormat.rawValue, sourceFull ? 1 : 0, targetFull ? 1 : 0]
        if newKey != key || context == nil {
            sws_freeContext(context)
            // The ranges go in as options before sws_init_context: FFmpeg 5.1 picks its unscaled
            // converters (YU12→YU12, YUYV→YU12) at init and ignores a later
            // sws_setColorspaceDetails, which left limited-range video in "full-range" JPEGs.
            let sourceRange = sourceFull || Self.isRGB(sourceFormat)
            let targetRange = targetFull || Self.isRGB(targetFormat)
            context = sws_alloc_context()
            guard let context else { throw AVError(code: cs_averror(ENOMEM), call: "sws_alloc_context") }
            let options: [(String, Int64)] = [
                ("srcw", Int64(source.pointer.pointee.width)), ("srch", Int64(source.pointer.pointee.height)),
                ("src_format", Int64(sourceFormat.rawValue)), ("src_range", sourceRange ? 1 : 0),
                ("dstw", Int64(width)), ("dsth", Int64(height)),
                ("dst_format", Int64(targetFormat.rawValue)), ("dst_range", targetRange ? 1 : 0),
                ("sws_flags", Int64(SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT)),
            ]
            for (name, value) in options {
                try AVError.check(av_opt_set_int(UnsafeMutableRawPointer(context), name, value, 0), "av_opt_set_int(\(name))")
            }
            let status = sws_init_context(context, nil, nil)
            if status < 0 {
                sws_freeContext(context)
                self.context = nil
                throw AVError(code: status, call: "sws_init_context")
            }
            key = newKey
        }
        let target = try pictures.picture(width: width, height: height, format: format)
        let rows = withUnsafePointer(to: source.pointer.pointee.data) { sourceData in
            withUnsafePointer(to: source.pointer.pointee.linesize) { sourceStride in
                withUnsafePointer(to: target.pointer.pointee.data) { targetData in
                    withUnsafePointer(to: target.pointer.pointee.linesize) { targetStride in
                        sourceData.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sourcePlanes in
                            targetData.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { targetPlanes in
                                sourceStride.withMemoryRebound(to: Int32.self, capacity: 8) { sourceLines in
                                    targetStride.withMemoryRebound(to: Int32.self, capacity: 8) { targetLines in
                                        sws_scale(context, sourcePlanes, sourceLines, 0, source.pointer.pointee.height,
                                                  targetPlanes, targetLines)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        try AVError.check(rows, "sws_scale")
        target.pointer.pointee.color_range = (targetFull || Self.isRGB(targetFormat)) ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        return target
    }

    /// The limited-range twin of a full-range YUV format, and whether it was full range.
    static func normalised(_ format: AVPixelFormat) -> (AVPixelFormat, Bool) {
        switch format {
        case AV_PIX_FMT_YUVJ420P: (AV_PIX_FMT_YUV420P, true)
        case AV_PIX_FMT_YUVJ422P: (AV_PIX_FMT_YUV422P, true)
        case AV_PIX_FMT_YUVJ444P: (AV_PIX_FMT_YUV444P, true)
        case AV_PIX_FMT_YUVJ440P: (AV_PIX_FMT_YUV440P, true)
        default: (format, false)
        }
    }

    private static func isRGB(_ format: AVPixelFormat) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
    }
}
