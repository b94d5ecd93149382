import CFFmpegShim
import Foundation

/// Decodes a movie file's video frame by frame (tests, the `file:` camera, checks).
public final class MovieReader {
    private let input: InputFormatContext
    private let decoder: CodecContext
    private let streamIndex: Int
    private let timeBase: AVRational
    private var draining = false
    private var finished = false

    /// Width and height of the coded video.
    public let width: Int
    public let height: Int

    /// Opens `url` and its best video stream's decoder.
    /// - Throws: `AVError`, `MediaError.noVideoStream`.
    public init(url: URL) throws {
        input = try InputFormatContext(path: url.path)
        guard let index = input.videoStreamIndex(), let stream = input.stream(index) else {
            throw MediaError.noVideoStream(path: url.path)
        }
        guard let codec = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else {
            throw MediaError.codecUnavailable(name: "decoder for \(url.lastPathComponent)", hint: "unsupported codec")
        }
        decoder = try CodecContext(codec: codec)
        try AVError.check(avcodec_parameters_to_context(decoder.pointer, stream.pointee.codecpar), "avcodec_parameters_to_context")
        decoder.pointer.pointee.thread_count = 1
        try decoder.open()
        streamIndex = index
        timeBase = stream.pointee.time_base
        width = Int(stream.pointee.codecpar.pointee.width)
        height = Int(stream.pointee.codecpar.pointee.height)
    }

    /// Container tags (`title`, `comment`, `creation_time`…).
    public var metadata: [String: String] { input.metadata }

    /// The display-matrix rotation in degrees as FFmpeg reports it (counter-clockwise, so a
    /// sensor mounted at 90° clockwise reads −90), or nil when the stream has none.
    /// The corresponding C call is `av_display_rotation_get`.
    public var displayRotation: Double? {
        guard let stream = input.stream(streamIndex) else { return nil }
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return nil }
        return data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
    }

    /// The container's duration in seconds, when it states one.
    public var durationSeconds: Double? {
        let duration = input.pointer.pointee.duration
        return duration > 0 ? Double(duration) / Double(cs_av_time_base()) : nil
    }

    /// The next decoded frame in presentation order, or nil at the end.
    public func nextFrame() throws -> DecodedMovieFrame? {
        while !finished {
            if let picture = try decoder.receiveFrame() {
                let pts = picture.pointer.pointee.best_effort_timestamp
                let seconds = pts == cs_av_nopts_value() ? 0 : Double(pts) * av_q2d(timeBase)
                return DecodedMovieFrame(picture: picture, presentationSeconds: seconds)
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

    /// Decodes every remaining frame.
    public func readAll() throws -> [DecodedMovieFrame] {
        var frames: [DecodedMovieFrame] = []
        while let frame = try nextFrame() { frames.append(frame) }
        return frames
    }
}
