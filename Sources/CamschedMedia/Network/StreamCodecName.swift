internal import CFFmpegShim

/// A codec as people name it, for messages: what a network camera streams in (its picture
/// and its sound).
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
        case AV_CODEC_ID_AAC: return "AAC"
        case AV_CODEC_ID_PCM_MULAW: return "G.711 µ-law (PCMU)"
        case AV_CODEC_ID_PCM_ALAW: return "G.711 A-law (PCMA)"
        case AV_CODEC_ID_OPUS: return "Opus"
        case AV_CODEC_ID_MP3: return "MP3"
        case AV_CODEC_ID_ADPCM_G722: return "G.722"
        case AV_CODEC_ID_ADPCM_G726: return "G.726"
        case AV_CODEC_ID_PCM_S16BE: return "PCM (L16)"
        default: return "codec #\(codec.rawValue)"
        }
    }
}
