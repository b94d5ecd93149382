/// How a recording's sound is stored (a job's `camera.audio.codec`).
package enum AudioCodec: String, Sendable, Equatable, CaseIterable, Codable {
    /// AAC-LC (libavcodec's own encoder): every container, every player.
    case aac
    /// Opus (libopus), at 48 kHz: smaller at the same quality; MKV and MP4.
    case opus
    /// Uncompressed 16-bit samples: MKV only (MP4 players do not take it).
    case pcm

    /// libavcodec's encoder for it.
    package var encoderName: String {
        switch self {
        case .aac: return "aac"
        case .opus: return "libopus"
        case .pcm: return "pcm_s16le"
        }
    }

    /// Whether `container` can hold it.
    package func fits(in container: MovieContainer) -> Bool {
        self != .pcm || container == .mkv
    }

    /// The bit rate used when a job sets none: 64 kbit/s a channel for AAC, 48 for Opus.
    package func defaultBitrate(channels: Int) -> Int {
        switch self {
        case .aac: return 64_000 * max(channels, 1)
        case .opus: return 48_000 * max(channels, 1)
        case .pcm: return 0
        }
    }
}
