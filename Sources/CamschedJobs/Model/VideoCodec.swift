/// The codec of a recording.
public enum VideoCodec: String, Sendable, Equatable, CaseIterable {
    case h264, hevc, av1, mjpeg

    /// The largest `quality` value of the codec's CRF-style scale (lower is better):
    /// 51 for H.264 and HEVC, 63 for AV1, 31 for MJPEG (`qscale`).
    public var maximumQuality: Double {
        switch self {
        case .h264, .hevc: 51
        case .av1: 63
        case .mjpeg: 31
        }
    }
}
