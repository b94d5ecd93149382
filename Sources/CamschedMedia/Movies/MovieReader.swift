internal import CFFmpegShim
import Foundation

/// Decodes a movie file's video frame by frame (tests, the `file:` camera, checks).
package final class MovieReader {
    // Internal, not private: `MovieReader+Seek.swift` seeks with them.
    let input: InputFormatContext
    let decoder: CodecContext
    let streamIndex: Int
    let timeBase: AVRational
    var draining = false
    var finished = false

    /// Width and height of the coded video.
    package let width: Int
    package let height: Int
    /// The stream's average frame rate (its nominal rate when it states no average; 30 when
    /// it states neither).
    package let frameRate: Double

    /// Opens `url` and its best video stream's decoder.
    /// - Throws: `MediaError.libraryMissing`, `AVError`, `MediaError.noVideoStream`.
    package init(url: URL) throws {
        try FFmpegLibraries.load()
        input = try InputFormatContext(path: url.path)
        guard let index = input.videoStreamIndex(), let stream = input.stream(index) else {
            throw MediaError.noVideoStream(path: url.path)
        }
        decoder = try CodecContext.decoder(for: stream, shownAs: url.lastPathComponent)
        streamIndex = index
        timeBase = stream.pointee.time_base
        width = Int(stream.pointee.codecpar.pointee.width)
        height = Int(stream.pointee.codecpar.pointee.height)
        frameRate = stream.pointee.statedFrameRate ?? 30
    }

    /// Container tags (`title`, `comment`, `creation_time`…).
    package var metadata: [String: String] { input.metadata }

    /// The display-matrix rotation in degrees as FFmpeg reports it (counter-clockwise, so a
    /// sensor mounted at 90° clockwise reads −90), or nil when the stream has none.
    /// The corresponding C call is `av_display_rotation_get`.
    package var displayRotation: Double? {
        guard let stream = input.stream(streamIndex) else { return nil }
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return nil }
        return data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
    }

    /// The container's duration in seconds, when it states one.
    package var durationSeconds: Double? {
        let duration = input.pointer.pointee.duration
        return duration > 0 ? Double(duration) / Double(cs_av_time_base()) : nil
    }

    /// The next decoded frame in presentation order, or nil at the end.
    package func nextFrame() throws -> DecodedMovieFrame? {
        while !finished {
            if let picture = try decoder.receiveFrame() {
                return DecodedMovieFrame(picture: picture, presentationNanoseconds: presentationNanoseconds(of: picture))
            }
            if draining { finished = true; break }
            if let packet = try input.readPacket() {
                guard packet.pointer.pointee.stream_index == Int32(streamIndex) else { continue }
                try decoder.send(packet)
            } else {
                draining = true
                try decoder.send(Optional<OwnedAVPacket>.none)
            }
        }
        return nil
    }

    /// Goes back to the first frame (a looping `file:` camera).
    /// The corresponding C calls are `av_seek_frame` and `avcodec_flush_buffers`.
    package func rewind() throws {
        try AVError.check(av_seek_frame(input.pointer, Int32(streamIndex), 0, AVSEEK_FLAG_BACKWARD), "av_seek_frame")
        avcodec_flush_buffers(decoder.pointer)
        draining = false
        finished = false
    }

    /// Decodes every remaining frame.
    package func readAll() throws -> [DecodedMovieFrame] {
        var frames: [DecodedMovieFrame] = []
        while let frame = try nextFrame() { frames.append(frame) }
        return frames
    }

    /// The picture's presentation time in nanoseconds of the stream's clock (its best-effort
    /// timestamp, else its pts, else 0).
    private func presentationNanoseconds(of picture: OwnedAVFrame) -> Int64 {
        let frame = picture.pointer.pointee
        let pts = frame.best_effort_timestamp != cs_av_nopts_value() ? frame.best_effort_timestamp : frame.pts
        guard pts != cs_av_nopts_value() else { return 0 }
        return av_rescale_q(pts, timeBase, AVRational(num: 1, den: 1_000_000_000))
    }
}
