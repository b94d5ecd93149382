internal import CFFmpegShim

/// A video codec as people name it, for messages: what a network camera streams in.
enum StreamCodecName {
    static func name(of codec: AVCodecID) -> String {
        switch codec {
        case AV_CODEC_ID_MJPEG: return "MJPEG"
        case AV_CODEC_ID_H264: return "H.264"
        case AV_CODEC_ID_HEVC: return "H.265 (HEVC)"
        case AV_CODEC_ID_MPEG4: return "MPEG-4 Part 2"
        case AV_CODEC_ID_MPEG2VIDEO: return "MPEG-2"
        case AV_CODEC_ID_H263: return "H.263"
        case AV_CODEC_ID_VP8: return "VP8"
        case AV_CODEC_ID_VP9: return "VP9"
        case AV_CODEC_ID_AV1: return "AV1"
        case AV_CODEC_ID_JPEG2000: return "JPEG 2000"
        case AV_CODEC_ID_RAWVIDEO: return "raw video"
        default: return "codec #\(codec.rawValue)"
        }
    }
}
