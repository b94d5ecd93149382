internal import CFFmpegShim

/// An `AVCodecContext` with one owner, freed in `deinit`.
final class CodecContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let codec: UnsafePointer<AVCodec>

    /// The corresponding C call is `avcodec_alloc_context3`.
    init(codec: UnsafePointer<AVCodec>) throws(AVError) {
        guard let context = avcodec_alloc_context3(codec) else {
            throw AVError.outOfMemory("avcodec_alloc_context3")
        }
        self.pointer = context
        self.codec = codec
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }

    var name: String { String(cString: codec.pointee.name) }

    /// Opens the codec with `options`; returns the options the codec did not take.
    /// The corresponding C call is `avcodec_open2`.
    @discardableResult
    func open(options: [String: String] = [:]) throws(AVError) -> [String: String] {
        var dictionary: OpaquePointer? = nil
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        defer { av_dict_free(&dictionary) }
        try AVError.check(avcodec_open2(pointer, codec, &dictionary), "avcodec_open2(\(name))")
        return Dictionary(entries: dictionary)
    }

    /// The corresponding C call is `avcodec_send_frame`; nil starts draining.
    func send(_ frame: OwnedAVFrame?) throws(AVError) {
        try AVError.check(avcodec_send_frame(pointer, frame?.pointer), "avcodec_send_frame(\(name))")
    }

    /// The next packet, or nil when the encoder needs more input or is drained.
    /// The corresponding C call is `avcodec_receive_packet`.
    func receivePacket() throws(AVError) -> OwnedAVPacket? {
        let packet = try OwnedAVPacket()
        let result = avcodec_receive_packet(pointer, packet.pointer)
        if result == cs_averror_eagain() || result == cs_averror_eof() { return nil }
        try AVError.check(result, "avcodec_receive_packet(\(name))")
        return packet
    }

    /// The corresponding C call is `avcodec_send_packet`; nil starts draining.
    func send(_ packet: OwnedAVPacket?) throws(AVError) {
        try AVError.check(avcodec_send_packet(pointer, packet?.pointer), "avcodec_send_packet(\(name))")
    }

    /// The next decoded frame, or nil when the decoder needs more input or is drained.
    /// The corresponding C call is `avcodec_receive_frame`.
    func receiveFrame() throws(AVError) -> OwnedAVFrame? {
        let frame = try OwnedAVFrame()
        let result = avcodec_receive_frame(pointer, frame.pointer)
        if result == cs_averror_eagain() || result == cs_averror_eof() { return nil }
        try AVError.check(result, "avcodec_receive_frame(\(name))")
        return frame
    }

    /// The pixel formats the codec lists, in its order of preference (empty when unknown).
    var supportedPixelFormats: [AVPixelFormat] {
        guard var cursor = codec.pointee.pix_fmts else { return [] }
        var formats: [AVPixelFormat] = []
        while cursor.pointee != AV_PIX_FMT_NONE {
            formats.append(cursor.pointee)
            cursor += 1
        }
        return formats
    }
}
