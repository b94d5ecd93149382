internal import CFFmpegShim

extension MovieReader {
    /// The first frame shown at or after `nanoseconds` on the stream's clock (as
    /// ``DecodedMovieFrame/presentationNanoseconds``), or nil past the end. Seeks to the key
    /// frame before it and decodes forward, so picking a few frames of a long file does not
    /// decode all of it.
    /// The corresponding C calls are `av_seek_frame` and `avcodec_flush_buffers`.
    package func frame(atOrAfterNanoseconds nanoseconds: Int64) throws -> DecodedMovieFrame? {
        let target = av_rescale_q(nanoseconds, AVRational(num: 1, den: 1_000_000_000), timeBase)
        if av_seek_frame(input.pointer, Int32(streamIndex), target, AVSEEK_FLAG_BACKWARD) >= 0 {
            avcodec_flush_buffers(decoder.pointer)
            draining = false
            finished = false
        }
        // A file that cannot seek is read on from where it is: still correct, only slower.
        while let frame = try nextFrame() {
            if frame.presentationNanoseconds >= nanoseconds { return frame }
        }
        return nil
    }
}
