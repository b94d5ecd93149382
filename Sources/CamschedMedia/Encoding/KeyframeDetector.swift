import CamschedCore
internal import CFFmpegShim

/// Tells which of a camera's compressed frames a decoder can start at: every MJPEG frame; an
/// H.264 frame with an IDR picture (or a recovery point), as libavcodec's H.264 parser reads
/// its NAL units. Cameras do not say so reliably themselves (UVC drivers set no V4L2
/// keyframe flag), so a stream copy and a still taken from an H.264 stream ask this.
/// Use from one thread.
package final class KeyframeDetector {
    package let format: FourCC
    private let parser: UnsafeMutablePointer<AVCodecParserContext>?
    private let context: CodecContext?

    /// - Throws: `MediaError` when FFmpeg cannot be loaded or lacks the H.264 parser.
    package init(format: FourCC) throws {
        self.format = format
        guard format == .h264 else {
            parser = nil
            context = nil
            return
        }
        try FFmpegLibraries.load()
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_H264), let parser = av_parser_init(Int32(AV_CODEC_ID_H264.rawValue)) else {
            throw MediaError.codecUnavailable(name: "h264", hint: "this FFmpeg build has no H.264 parser")
        }
        // Each frame is handed over whole: the parser reports on it at once instead of waiting
        // for the next frame's start.
        parser.pointee.flags |= Int32(PARSER_FLAG_COMPLETE_FRAMES)
        self.parser = parser
        context = try CodecContext(codec: codec)
    }

    deinit { if let parser { av_parser_close(parser) } }

    /// Whether a decoder can start at the frame `bytes` (a whole compressed frame).
    package func isKeyframe(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let parser, let context else { return true }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return false }
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: Int32 = 0
        let none = cs_av_nopts_value()
        _ = av_parser_parse2(parser, context.pointer, &output, &outputSize, base, Int32(clamping: bytes.count), none, none, 0)
        return parser.pointee.key_frame == 1
    }
}
