import CamschedCore
internal import CFFmpegShim
import Foundation

/// Copies a recording's video stream, and its sound stream when it has one, into a new file
/// without re-encoding (`ffmpeg -c copy`): a finished MP4 with its index moved to the front
/// (`output.faststart`), and cut-off files to clean ones.
enum MovieRemuxer {
    /// What a remux copied.
    struct Result {
        var frames: Int
        var durationSeconds: Double
    }

    /// Remuxes `input` into `output`.
    /// - Parameters:
    ///   - container: the output format; MP4 gets `+faststart` (index at the front).
    ///   - tolerant: for cut-off inputs: stop quietly at the first packet that is incomplete
    ///     (runs past the end of the file or is flagged corrupt) or at a read error, instead
    ///     of failing.
    /// - Returns: frames and duration copied; `frames` is 0 when nothing was readable (the
    ///   output is then removed).
    /// - Throws: `MediaError.libraryMissing`, `AVError`, `MediaError.noVideoStream`.
    static func remux(input: URL, output: URL, container: MovieContainer, tolerant: Bool) throws -> Result {
        try FFmpegLibraries.load()
        let source = try Source(input: input, tolerant: tolerant)
        try? FileManager.default.removeItem(at: output)
        do {
            let target = try OutputFormatContext(path: output.path, formatName: container.formatName)
            let outStreams = try startOutput(target, copying: source, container: container)
            let result = try copyPackets(from: source, to: target, streams: outStreams, tolerant: tolerant)
            if result.frames == 0 {
                target.abandon()
                try? FileManager.default.removeItem(at: output)
                return result
            }
            try target.finish()
            return result
        } catch {
            try? FileManager.default.removeItem(at: output)
            throw error
        }
    }

    /// The input's demuxer, its video stream and sound stream (if any), and how many of its
    /// bytes may be read.
    struct Source {
        let context: InputFormatContext
        let index: Int
        let stream: UnsafeMutablePointer<AVStream>
        let sound: (index: Int, stream: UnsafeMutablePointer<AVStream>)?
        let readableBytes: Int

        /// Opens `input`; a tolerant open shows the demuxer only the MP4 boxes that are complete
        /// (the `subfile` protocol). Either way the stream's parameters come from the header
        /// alone (its sample description has the size and the codec's configuration): probing
        /// with `avformat_find_stream_info` decoded H.264 frames for a stream copy that needs
        /// none, 1 % of a 1280x720 recording's CPU. A video stream without a size is refused.
        init(input: URL, tolerant: Bool) throws {
            var fileSize = (try? FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int).flatMap { $0 } ?? Int.max
            var location = input.path
            if tolerant, let openable = MP4BoxScanner.openableLength(ofFileAt: input.path), openable < fileSize {
                guard openable > 0 else { throw MediaError.noVideoStream(path: input.path) }
                location = "subfile,,start,0,end,\(openable),,:file:\(input.path)"
                fileSize = openable
            }
            context = try InputFormatContext(path: location, findStreamInfo: false)
            guard let index = context.videoStreamIndex(), let stream = context.stream(index) else {
                throw MediaError.noVideoStream(path: input.path)
            }
            let parameters = stream.pointee.codecpar.pointee
            guard parameters.width > 0, parameters.height > 0 else { throw MediaError.noVideoStream(path: input.path) }
            self.index = index
            self.stream = stream
            let input = context
            sound = input.audioStreamIndex(beside: index).flatMap { audio in input.stream(audio).map { (audio, $0) } }
            readableBytes = fileSize
        }
    }

    /// Adds the output streams with the input's codec parameters, rate, rotation and tags
    /// (less the muxer's own), and writes the header: input stream index → output stream.
    private static func startOutput(_ target: OutputFormatContext, copying source: Source,
                                    container: MovieContainer) throws -> [Int32: UnsafeMutablePointer<AVStream>] {
        var streams: [Int32: UnsafeMutablePointer<AVStream>] = [:]
        for (index, inStream) in [(source.index, source.stream)] + (source.sound.map { [$0] } ?? []) {
            let outStream = try target.addStream()
            try AVError.check(avcodec_parameters_copy(outStream.pointee.codecpar, inStream.pointee.codecpar),
                              "avcodec_parameters_copy")
            outStream.pointee.codecpar.pointee.codec_tag = 0
            outStream.pointee.time_base = inStream.pointee.time_base
            outStream.pointee.avg_frame_rate = inStream.pointee.avg_frame_rate
            copySideData(from: inStream, to: outStream)
            streams[Int32(index)] = outStream
        }
        var tags = source.context.metadata
        for key in ["major_brand", "minor_version", "compatible_brands", "encoder"] { tags[key] = nil }
        target.setMetadata(tags)
        var options: [String: String] = [:]
        if container == .mp4 { options["movflags"] = "+faststart" }
        try target.writeHeader(options: options)
        return streams
    }

    /// Copies the video (and sound) packets, counting the video's; a tolerant copy stops at a
    /// read error or at the first packet that is incomplete (runs past the readable bytes or is
    /// flagged corrupt).
    private static func copyPackets(from source: Source, to target: OutputFormatContext,
                                    streams: [Int32: UnsafeMutablePointer<AVStream>], tolerant: Bool) throws -> Result {
        let input = source.context
        let inBase = source.stream.pointee.time_base
        var result = Result(frames: 0, durationSeconds: 0)
        var firstPts: Int64?
        var endPts: Int64 = 0
        while true {
            let packet: OwnedAVPacket?
            do { packet = try input.readPacket() } catch {
                if tolerant { break }
                throw error
            }
            guard let packet else { break }
            let raw = packet.pointer
            guard let outStream = streams[raw.pointee.stream_index], let inStream = input.stream(Int(raw.pointee.stream_index)) else { continue }
            if tolerant {
                let incomplete = raw.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 || raw.pointee.size <= 0
                    || (raw.pointee.pos >= 0 && Int(raw.pointee.pos) + Int(raw.pointee.size) > source.readableBytes)
                if incomplete { break }
            }
            let isVideo = raw.pointee.stream_index == Int32(source.index)
            let pts = raw.pointee.pts != cs_av_nopts_value() ? raw.pointee.pts : raw.pointee.dts
            if isVideo, pts != cs_av_nopts_value() {
                firstPts = min(firstPts ?? pts, pts)
                endPts = max(endPts, pts + max(raw.pointee.duration, 0))
            }
            raw.pointee.stream_index = outStream.pointee.index
            raw.pointee.pos = -1
            av_packet_rescale_ts(raw, inStream.pointee.time_base, outStream.pointee.time_base)
            try target.write(packet)
            if isVideo { result.frames += 1 }
        }
        if let firstPts { result.durationSeconds = Double(endPts - firstPts) * av_q2d(inBase) }
        return result
    }

    /// Copies the display matrix (rotation) to the new stream.
    /// The corresponding C calls are `av_stream_get_side_data` and `av_stream_new_side_data`.
    static func copySideData(from input: UnsafeMutablePointer<AVStream>, to output: UnsafeMutablePointer<AVStream>) {
        var size: Int = 0
        guard let matrix = av_stream_get_side_data(input, AV_PKT_DATA_DISPLAYMATRIX, &size), size > 0,
              let copy = av_stream_new_side_data(output, AV_PKT_DATA_DISPLAYMATRIX, size) else { return }
        copy.update(from: matrix, count: size)
    }
}
