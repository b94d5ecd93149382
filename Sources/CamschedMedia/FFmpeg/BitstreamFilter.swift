internal import CFFmpegShim

/// One of libavcodec's bitstream filters (`AVBSFContext`), freed in `deinit`: what camsched
/// uses to handle a camera's compressed stream without decoding it — `extract_extradata`
/// (a stream copy's parameter sets from its first keyframe) and `dump_extra` (a network
/// stream's parameter sets, stated once, put in front of every keyframe).
final class BitstreamFilter {
    private var context: UnsafeMutablePointer<AVBSFContext>?
    let name: String

    /// Opens filter `name` for packets of `codec`, whose stream states `extradata` (if any).
    /// The corresponding C calls are `av_bsf_get_by_name`, `av_bsf_alloc` and `av_bsf_init`.
    init(name: String, codec: AVCodecID, extradata: UnsafeRawBufferPointer? = nil) throws {
        guard let filter = av_bsf_get_by_name(name) else {
            throw MediaError.codecUnavailable(name: name, hint: "this FFmpeg build has no such bitstream filter")
        }
        self.name = name
        try AVError.check(av_bsf_alloc(filter, &context), "av_bsf_alloc(\(name))")
        guard let context, let parameters = context.pointee.par_in else { throw AVError.outOfMemory("av_bsf_alloc") }
        parameters.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        parameters.pointee.codec_id = codec
        if let extradata, extradata.count > 0 { try Self.setExtradata(extradata, on: parameters) }
        try AVError.check(av_bsf_init(context), "av_bsf_init(\(name))")
    }

    deinit { av_bsf_free(&context) }

    /// The packets that come out for `packet` (the filter takes a reference; `packet` is unchanged).
    /// The corresponding C calls are `av_bsf_send_packet` and `av_bsf_receive_packet`.
    func filter(_ packet: OwnedAVPacket) throws -> [OwnedAVPacket] {
        guard let context else { return [] }
        let input = try OwnedAVPacket()
        try AVError.check(av_packet_ref(input.pointer, packet.pointer), "av_packet_ref")
        try AVError.check(av_bsf_send_packet(context, input.pointer), "av_bsf_send_packet(\(name))")
        var out: [OwnedAVPacket] = []
        while true {
            let next = try OwnedAVPacket()
            let result = av_bsf_receive_packet(context, next.pointer)
            if result == cs_averror_eagain() || result == cs_averror_eof() { return out }
            try AVError.check(result, "av_bsf_receive_packet(\(name))")
            out.append(next)
        }
    }

    /// Copies `bytes` into `parameters`' extradata, padded as libavcodec requires.
    static func setExtradata(_ bytes: UnsafeRawBufferPointer, on parameters: UnsafeMutablePointer<AVCodecParameters>) throws {
        av_freep(&parameters.pointee.extradata)
        guard let base = bytes.baseAddress,
              let copy = av_mallocz(bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)) else { throw AVError.outOfMemory("av_mallocz") }
        copy.copyMemory(from: base, byteCount: bytes.count)
        parameters.pointee.extradata = copy.assumingMemoryBound(to: UInt8.self)
        parameters.pointee.extradata_size = Int32(bytes.count)
    }
}
