internal import CFFmpegShim
import Foundation

extension MovieWriter {
    /// Opens the crash-safe muxer of a movie file for the stream `codec` encodes and writes
    /// its header: MP4 fragmented at every keyframe and at least every `fragmentDuration`
    /// (MKV: clusters as short), rotation and mirroring as the display matrix, the tags.
    /// Opened through ``MuxedPacketWriter`` by ``MovieWriter`` and ``ClipWriter``, so a clip is
    /// the same kind of file as a recording. The corresponding C calls are `avcodec_parameters_from_context` and
    /// `avformat_write_header`.
    static func openMuxer(path: URL, container: MovieContainer, codec: CodecContext, fps: Double, rotation: Int,
                          mirror: Bool, tags: [String: String],
                          fragmentDuration: Double) throws -> (OutputFormatContext, UnsafeMutablePointer<AVStream>) {
        let muxer = try OutputFormatContext(path: path.path, formatName: container.formatName)
        let stream = try muxer.addStream()
        try AVError.check(avcodec_parameters_from_context(stream.pointee.codecpar, codec.pointer),
                          "avcodec_parameters_from_context")
        stream.pointee.time_base = VideoEncoder.timeBase
        stream.pointee.avg_frame_rate = av_d2q(fps, 100_000)
        if rotation % 360 != 0 || mirror { setDisplayMatrix(on: stream, rotation: rotation, mirror: mirror) }
        muxer.setMetadata(tags)
        muxer.pointer.pointee.flush_packets = 1

        var options: [String: String] = [:]
        let microseconds = String(Int64(max(fragmentDuration, 0.1) * 1_000_000))
        switch container {
        case .mp4:
            options["movflags"] = "+frag_keyframe+empty_moov+default_base_moof"
            options["frag_duration"] = microseconds
        case .mkv:
            options["cluster_time_limit"] = String(Int64(max(fragmentDuration, 0.1) * 1000))
        }
        try muxer.writeHeader(options: options)
        return (muxer, stream)
    }
}
