internal import CFFmpegShim
import CamschedCore

/// A network camera's sound: the stream's best audio stream, decoded (AAC, G.711, Opus… —
/// whatever libavcodec decodes) into 16-bit interleaved ``AudioChunk``s at the stream's own
/// rate and channels. Each packet's chunk is stamped with the capture time the reader gave
/// the packet (its stream time through the same ``StreamClock`` as the pictures'); a packet
/// that does not decode is let go (a short gap, filled with silence by the recording).
/// The decoder opens with the first packet decoded: a stream whose sound nobody records
/// never pays for it. Use from the reader's thread.
final class StreamSoundDecoder {
    let index: Int
    private let stream: UnsafeMutablePointer<AVStream>
    private let shownAs: String
    private var decoder: CodecContext?
    let description: StreamSoundDescription

    /// The sound of `input` (its best audio stream beside the video stream `video`), nil when it has none.
    init?(input: InputFormatContext, video: Int, shownAs: String) {
        guard let index = input.audioStreamIndex(beside: video), let stream = input.stream(index) else { return nil }
        let parameters = stream.pointee.codecpar.pointee
        guard parameters.sample_rate > 0, parameters.ch_layout.nb_channels > 0 else { return nil }
        self.index = index
        self.stream = stream
        self.shownAs = shownAs
        description = StreamSoundDescription(codec: StreamCodecName.name(of: parameters.codec_id),
                                             format: AudioFormat(rate: Int(parameters.sample_rate), channels: Int(parameters.ch_layout.nb_channels)))
    }

    /// The packet's presentation time in ns on the stream's own clock (nil: none).
    func streamNanoseconds(of packet: OwnedAVPacket) -> Int64? {
        let pts = packet.pointer.pointee.pts
        guard pts != cs_av_nopts_value() else { return nil }
        return av_rescale_q(pts, stream.pointee.time_base, AVRational(num: 1, den: 1_000_000_000))
    }

    /// The sound in `packet`, its first sample captured at `captured` (monotonic ns); empty
    /// when the decoder needs more first or the packet does not decode.
    func decode(_ packet: OwnedAVPacket, captured: Int64) -> [AudioChunk] {
        do {
            let decoder = try self.decoder ?? CodecContext.decoder(for: stream, shownAs: shownAs)
            self.decoder = decoder
            try decoder.send(packet)
            var chunks: [AudioChunk] = []
            var start = captured
            while let frame = try decoder.receiveFrame(), let chunk = Self.chunk(of: frame, at: start) {
                chunks.append(chunk)
                start = chunk.endNanoseconds
            }
            return chunks
        } catch {
            return []  // one bad packet is not a lost camera: a short gap, filled with silence
        }
    }

    /// A decoded frame as a chunk; nil for a layout camsched does not convert (64-bit integers).
    private static func chunk(of frame: OwnedAVFrame, at start: Int64) -> AudioChunk? {
        let raw = frame.pointer.pointee
        let (frames, channels, rate) = (Int(raw.nb_samples), Int(raw.ch_layout.nb_channels), Int(raw.sample_rate))
        guard frames > 0, channels > 0, rate > 0, let layout = layout(of: AVSampleFormat(rawValue: raw.format)),
              let extended = raw.extended_data else { return nil }
        var planes: [UnsafeRawPointer] = []
        for plane in 0..<(layout.planar ? channels : 1) {
            guard let data = extended[plane] else { return nil }
            planes.append(UnsafeRawPointer(data))
        }
        let samples = layout.interleavedInt16(planes: planes, frames: frames, channels: channels)
        return AudioChunk(samples: samples, rate: rate, channels: channels, timestampNanoseconds: start)
    }

    static func layout(of format: AVSampleFormat) -> SampleLayout? {
        switch format {
        case AV_SAMPLE_FMT_U8: return SampleLayout(.u8, planar: false)
        case AV_SAMPLE_FMT_U8P: return SampleLayout(.u8, planar: true)
        case AV_SAMPLE_FMT_S16: return SampleLayout(.s16, planar: false)
        case AV_SAMPLE_FMT_S16P: return SampleLayout(.s16, planar: true)
        case AV_SAMPLE_FMT_S32: return SampleLayout(.s32, planar: false)
        case AV_SAMPLE_FMT_S32P: return SampleLayout(.s32, planar: true)
        case AV_SAMPLE_FMT_FLT: return SampleLayout(.float, planar: false)
        case AV_SAMPLE_FMT_FLTP: return SampleLayout(.float, planar: true)
        case AV_SAMPLE_FMT_DBL: return SampleLayout(.double, planar: false)
        case AV_SAMPLE_FMT_DBLP: return SampleLayout(.double, planar: true)
        default: return nil
        }
    }
}

/// A network stream's sound as `devices --probe` and logs show it: its codec as people name
/// it (`AAC`, `G.711 µ-law (PCMU)`) and its rate and channels as decoded.
package struct StreamSoundDescription: Sendable, Equatable {
    package var codec: String
    package var format: AudioFormat

    package init(codec: String, format: AudioFormat) {
        self.codec = codec
        self.format = format
    }
}
