import CamschedCore
internal import CFFmpegShim

/// The sound track of a ``MovieFile``: its stream, and the encoder's sample count mapped to the
/// file's time — the first sound packet placed by its capture time against the file's first
/// picture, every later one by its sample count, so no sample is doubled or lost inside a file
/// and the clocks' jitter does not shift it.
struct MovieAudioTrack {
    let stream: UnsafeMutablePointer<AVStream>
    let rate: Int
    /// The encoder's sample count that is time 0 in this file.
    private var base: Int64?
    private(set) var stats: AudioTrackStats

    init(muxer: OutputFormatContext, source: AudioEncoder, name: String) throws {
        stream = try muxer.addStream()
        try source.describe(stream.pointee.codecpar)
        rate = source.format.rate
        stream.pointee.time_base = AVRational(num: 1, den: Int32(rate))
        stats = AudioTrackStats(source: name, codec: source.codec, rate: rate, channels: source.format.channels)
    }

    /// A copy of `packet` at its time in the file, whose first picture was captured at
    /// `pictureNanoseconds`; nil for sound from before that picture.
    mutating func place(_ packet: EncodedPacket, pictureNanoseconds: Int64) throws -> OwnedAVPacket? {
        if base == nil {
            let after = packet.timestampNanoseconds - pictureNanoseconds
            guard after >= 0 else { return nil }
            base = packet.pts - after * Int64(rate) / 1_000_000_000
            stats.offsetNanoseconds = after
        }
        guard let base else { return nil }
        let copy = try OwnedAVPacket()
        try AVError.check(av_packet_ref(copy.pointer, packet.packet.pointer), "av_packet_ref")
        copy.pointer.pointee.pts = packet.pts - base
        copy.pointer.pointee.dts = copy.pointer.pointee.pts
        copy.pointer.pointee.stream_index = stream.pointee.index
        av_packet_rescale_ts(copy.pointer, AVRational(num: 1, den: Int32(rate)), stream.pointee.time_base)
        stats.samples += max(packet.duration, 0)
        return copy
    }

    /// Notes a stretch without sound inside the file.
    mutating func note(_ gap: AudioGap) { stats.gaps.append(gap) }
}
