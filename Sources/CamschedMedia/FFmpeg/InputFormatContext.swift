internal import CFFmpegShim

/// A libavformat demuxer reading one file or network stream. Freed in `deinit`.
final class InputFormatContext {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    /// What the context's interrupt callback asks; held as long as the context.
    private let interrupt: InputInterrupt?

    /// Opens `path` and reads stream information.
    /// The corresponding C calls are `avformat_open_input` and `avformat_find_stream_info`.
    /// - Parameters:
    ///   - options: demuxer and protocol options (`rtsp_transport`, `rw_timeout`…).
    ///   - shownAs: what errors call the input (a network URL without its credentials).
    ///   - interrupt: the deadline and stop of every wait on the input, from the open on
    ///     (libavformat's `interrupt_callback`).
    init(path: String, findStreamInfo: Bool = true, options: [String: String] = [:], shownAs: String? = nil,
         interrupt: InputInterrupt? = nil) throws(AVError) {
        self.interrupt = interrupt
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        if let interrupt {
            // Set before the open: connecting and reading the answer are waits too.
            guard let allocated = avformat_alloc_context() else { throw AVError.outOfMemory("avformat_alloc_context") }
            allocated.pointee.interrupt_callback = interrupt.callback
            context = allocated
        }
        var dictionary: OpaquePointer? = nil
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        defer { av_dict_free(&dictionary) }
        let name = shownAs ?? path
        // On failure libavformat frees a context it was given, and sets `context` to nil.
        try AVError.check(avformat_open_input(&context, path, nil, &dictionary), "avformat_open_input(\(name))")
        guard let context else { throw AVError.outOfMemory("avformat_open_input") }
        pointer = context
        if findStreamInfo {
            let result = avformat_find_stream_info(context, nil)
            if result < 0 {
                var doomed: UnsafeMutablePointer<AVFormatContext>? = context
                avformat_close_input(&doomed)
                throw AVError(code: result, call: "avformat_find_stream_info(\(name))")
            }
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = pointer
        avformat_close_input(&context)
    }

    /// The index of the best video stream, or nil. The corresponding C call is `av_find_best_stream`.
    func videoStreamIndex() -> Int? {
        let index = av_find_best_stream(pointer, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        return index >= 0 ? Int(index) : nil
    }

    /// The index of the best audio stream (the one that goes with the stream `related`), or
    /// nil. The corresponding C call is `av_find_best_stream`.
    func audioStreamIndex(related: Int) -> Int? {
        let index = av_find_best_stream(pointer, AVMEDIA_TYPE_AUDIO, -1, Int32(related), nil, 0)
        return index >= 0 ? Int(index) : nil
    }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream>? {
        guard index >= 0, index < Int(pointer.pointee.nb_streams) else { return nil }
        return pointer.pointee.streams[index]
    }

    /// The next packet, nil at end of file. The corresponding C call is `av_read_frame`.
    func readPacket() throws(AVError) -> OwnedAVPacket? {
        let packet = try OwnedAVPacket()
        let result = av_read_frame(pointer, packet.pointer)
        if result == cs_averror_eof() { return nil }
        try AVError.check(result, "av_read_frame")
        return packet
    }

    /// Container tags.
    var metadata: [String: String] { Dictionary(entries: pointer.pointee.metadata) }
}
