import CamschedCore
internal import CFFmpegShim

/// Encodes a microphone's chunks (AAC, Opus or PCM) into ``EncodedPacket``s whose timestamps
/// are sample counts on one unbroken run (``AudioSampleTimeline``: gaps filled with silence)
/// and whose capture times are the samples' own, so a recorder places them beside the
/// pictures taken at the same moment. Use from one thread (the recording's).
package final class AudioEncoder {
    package let codec: AudioCodec
    package let format: AudioFormat
    let context: CodecContext
    private var timeline: AudioSampleTimeline
    private let sampleFormat: AVSampleFormat
    /// Samples per encoded frame (1024 for AAC, 960 for Opus at 48 kHz).
    let frameSize: Int
    /// Interleaved samples not yet a whole frame; the first is sample frame `bufferedStart`.
    private var buffered: [Int16] = []
    private var bufferedStart: Int64 = 0

    /// Opens the encoder.
    /// - Throws: `MediaError.invalidSetting` when the codec does not take the rate or channels;
    ///   `MediaError.noWorkingEncoder` when libavcodec has no such encoder.
    package init(codec: AudioCodec, format: AudioFormat, bitrate: Int?) throws {
        try FFmpegLibraries.load()
        guard let found = avcodec_find_encoder_by_name(codec.encoderName) else {
            throw MediaError.invalidSetting("this FFmpeg has no \(codec.encoderName) encoder for \(codec.rawValue) sound")
        }
        context = try CodecContext(codec: found)
        sampleFormat = Self.sampleFormat(of: found)
        let raw = context.pointer
        raw.pointee.sample_rate = Int32(format.rate)
        raw.pointee.sample_fmt = sampleFormat
        av_channel_layout_default(&raw.pointee.ch_layout, Int32(format.channels))
        raw.pointee.time_base = AVRational(num: 1, den: Int32(format.rate))
        raw.pointee.bit_rate = Int64(bitrate ?? codec.defaultBitrate(channels: format.channels))
        raw.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        // AAC's "fast" coder: a third less CPU than the default two-loop search (measured with
        // the ffmpeg CLI here: 3.6 vs 5.3 ms a second of 48 kHz mono), for a small board beside
        // a video encoder; the bit rate is the same.
        do { try context.open(options: codec == .aac ? ["aac_coder": "fast"] : [:]) } catch {
            throw MediaError.invalidSetting("the \(codec.rawValue) encoder refused \(format.rate) Hz, \(format.channels) channel(s): \(error)")
        }
        self.codec = codec
        self.format = format
        frameSize = raw.pointee.frame_size > 0 ? Int(raw.pointee.frame_size) : 1024
        timeline = AudioSampleTimeline(format: format)
    }

    /// libavcodec's encoder name.
    package var encoderName: String { context.name }
    /// Sample frames taken in so far (silence for gaps included).
    package var samples: Int64 { timeline.frames }
    /// Where the device gave no sound, filled with silence.
    var gaps: [AudioGap] { timeline.gaps }

    /// Encodes one chunk; returns the packets that came out.
    package func encode(_ chunk: AudioChunk) throws -> [EncodedPacket] {
        buffered += timeline.place(chunk)
        var packets: [EncodedPacket] = []
        while buffered.count >= frameSize * format.channels {
            let frame = Array(buffered.prefix(frameSize * format.channels))
            buffered.removeFirst(frame.count)
            packets += try send(frame)
        }
        return packets
    }

    /// Encodes what is buffered (a last, shorter frame) and drains the encoder.
    package func drain() throws -> [EncodedPacket] {
        var packets: [EncodedPacket] = []
        if !buffered.isEmpty {
            var last = buffered
            // Encoders without small last frames take a whole one; the padding is silence.
            if context.codec.pointee.capabilities & Int32(AV_CODEC_CAP_SMALL_LAST_FRAME) == 0 {
                last += [Int16](repeating: 0, count: frameSize * format.channels - last.count)
            }
            buffered = []
            packets += try send(last)
        }
        try context.send(OwnedAVFrame?.none)
        while let packet = try context.receivePacket() { packets.append(wrap(packet)) }
        return packets
    }

    /// Fills a file's stream parameters for the packets.
    func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>) throws {
        try AVError.check(avcodec_parameters_from_context(parameters, context.pointer), "avcodec_parameters_from_context")
    }

    private func send(_ samples: [Int16]) throws -> [EncodedPacket] {
        let frame = try AudioFrameFill.frame(samples, format: format, sampleFormat: sampleFormat,
                                              layout: context.pointer.pointee.ch_layout)
        frame.pointer.pointee.pts = bufferedStart
        bufferedStart += Int64(samples.count / format.channels)
        try context.send(frame)
        var packets: [EncodedPacket] = []
        while let packet = try context.receivePacket() { packets.append(wrap(packet)) }
        return packets
    }

    private func wrap(_ packet: OwnedAVPacket) -> EncodedPacket {
        packet.markKeyframe()
        return EncodedPacket(packet: packet, timestampNanoseconds: timeline.nanoseconds(ofFrame: packet.pointer.pointee.pts),
                             sequence: nil, isAudio: true)
    }

    /// The encoder's sample format: 16-bit where it takes it, else planar or packed float.
    private static func sampleFormat(of codec: UnsafePointer<AVCodec>) -> AVSampleFormat {
        var offered: [AVSampleFormat] = []
        if var cursor = codec.pointee.sample_fmts {
            while cursor.pointee != AV_SAMPLE_FMT_NONE { offered.append(cursor.pointee); cursor += 1 }
        }
        for wanted in [AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT] where offered.contains(wanted) { return wanted }
        return offered.first ?? AV_SAMPLE_FMT_S16
    }
}
