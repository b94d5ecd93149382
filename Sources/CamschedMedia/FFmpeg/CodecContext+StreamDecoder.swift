internal import CFFmpegShim

extension CodecContext {
    /// An opened decoder for `stream` of an input (single-threaded: frames come out in order,
    /// one at a time), as the movie reader and the network reader use it.
    /// - Parameter shownAs: what an error calls the input.
    /// - Throws: `MediaError.codecUnavailable` when FFmpeg has no decoder for it, `AVError`.
    static func decoder(for stream: UnsafeMutablePointer<AVStream>, shownAs: String) throws -> CodecContext {
        guard let codec = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else {
            throw MediaError.codecUnavailable(name: "decoder for \(shownAs)", hint: "unsupported codec")
        }
        let decoder = try CodecContext(codec: codec)
        try AVError.check(avcodec_parameters_to_context(decoder.pointer, stream.pointee.codecpar), "avcodec_parameters_to_context")
        decoder.pointer.pointee.thread_count = 1
        try decoder.open()
        return decoder
    }
}

extension AVStream {
    /// The stream's frame rate as it states it (its average, else its nominal one); nil when
    /// it states neither.
    var statedFrameRate: Double? {
        let rate = avg_frame_rate.den != 0 && avg_frame_rate.num > 0 ? avg_frame_rate : r_frame_rate
        return rate.den != 0 && rate.num > 0 ? Double(rate.num) / Double(rate.den) : nil
    }
}
