internal import CFFmpegShim

/// A libavformat muxer writing one file, with its `AVIOContext`. Freed in `deinit`; a file
/// that was never finished is closed there as it stands.
final class OutputFormatContext {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    private var headerWritten = false
    private var closed = false

    /// The corresponding C calls are `avformat_alloc_output_context2` and `avio_open`.
    init(path: String, formatName: String) throws(AVError) {
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        try AVError.check(avformat_alloc_output_context2(&context, nil, formatName, path), "avformat_alloc_output_context2")
        guard let context else { throw AVError.outOfMemory("avformat_alloc_output_context2") }
        // Opened before `self` is whole: a throw after that would run `deinit`, which frees
        // the context a second time (a file that cannot be created — a full disk — crashed).
        let result = avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE)
        if result < 0 {
            avformat_free_context(context)
            throw AVError(code: result, call: "avio_open(\(path))")
        }
        pointer = context
    }

    deinit {
        if !closed { avio_closep(&pointer.pointee.pb) }
        avformat_free_context(pointer)
    }

    /// Adds the one video stream. The corresponding C call is `avformat_new_stream`.
    func addStream() throws(AVError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(pointer, nil) else { throw AVError.outOfMemory("avformat_new_stream") }
        return stream
    }

    /// Sets container tags. The corresponding C call is `av_dict_set`.
    func setMetadata(_ tags: [String: String]) {
        for (key, value) in tags.sorted(by: { $0.key < $1.key }) { av_dict_set(&pointer.pointee.metadata, key, value, 0) }
    }

    /// The corresponding C call is `avformat_write_header`; returns options the muxer ignored.
    @discardableResult
    func writeHeader(options: [String: String]) throws(AVError) -> [String: String] {
        var dictionary: OpaquePointer? = nil
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        defer { av_dict_free(&dictionary) }
        try AVError.check(avformat_write_header(pointer, &dictionary), "avformat_write_header")
        headerWritten = true
        return Dictionary(entries: dictionary)
    }

    /// The corresponding C call is `av_interleaved_write_frame`.
    func write(_ packet: OwnedAVPacket) throws(AVError) {
        try AVError.check(av_interleaved_write_frame(pointer, packet.pointer), "av_interleaved_write_frame")
    }

    /// Writes the trailer and closes the file. The close writes the last buffered bytes, so
    /// its failure counts too: a full disk there cut the file's end. The corresponding C
    /// calls are `av_write_trailer` and `avio_closep`.
    func finish() throws(AVError) {
        guard !closed else { return }
        let trailer = headerWritten ? av_write_trailer(pointer) : 0
        let close = avio_closep(&pointer.pointee.pb)
        closed = true
        try AVError.check(trailer, "av_write_trailer")
        try AVError.check(close, "avio_closep")
    }

    /// Closes the file without a trailer, leaving what was written.
    func abandon() {
        guard !closed else { return }
        avio_flush(pointer.pointee.pb)
        avio_closep(&pointer.pointee.pb)
        closed = true
    }
}
