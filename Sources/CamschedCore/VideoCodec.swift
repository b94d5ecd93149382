/// The video codecs a recording can use (the job's `record.codec`).
package enum VideoCodec: String, Sendable, Codable, CaseIterable, Equatable {
    case h264, hevc, av1, mjpeg

    /// Hardware encoders tried first for `auto`, most specific first.
    package var hardwareEncoders: [String] {
        switch self {
        case .h264: ["h264_v4l2m2m", "h264_vaapi", "h264_nvenc"]
        case .hevc: ["hevc_v4l2m2m", "hevc_vaapi", "hevc_nvenc"]
        case .av1: ["av1_vaapi", "av1_nvenc"]
        case .mjpeg: []
        }
    }

    /// Software encoders, the preferred one first.
    package var softwareEncoders: [String] {
        switch self {
        case .h264: ["libx264"]
        case .hevc: ["libx265"]
        case .av1: ["libsvtav1", "libaom-av1"]
        case .mjpeg: ["mjpeg"]
        }
    }

    /// The CRF used when neither `quality` nor `bitrate` is set.
    package var defaultQuality: Double {
        switch self {
        case .h264: 23
        case .hevc: 28
        case .av1: 35
        case .mjpeg: 4
        }
    }

    /// The largest `quality` value of the codec's CRF-style scale (lower is better):
    /// 51 for H.264 and HEVC, 63 for AV1, 31 for MJPEG (`qscale`).
    package var maximumQuality: Double {
        switch self {
        case .h264, .hevc: 51
        case .av1: 63
        case .mjpeg: 31
        }
    }
}
