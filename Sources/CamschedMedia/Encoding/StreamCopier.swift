import CamschedCore
internal import CFFmpegShim

/// The camera's own compressed stream as packets, unchanged (`codec: "copy"`): the second
/// ``PacketSource`` beside ``PacketEncoder``. Each frame a camera delivers as MJPEG or H.264
/// is one complete compressed picture, so each becomes one packet. Every MJPEG frame is a
/// keyframe; an H.264 frame is one when it holds an IDR picture (``KeyframeDetector``), and
/// nothing before the stream's first keyframe is handed on, since nothing could decode it.
/// The stream's parameter sets (its SPS and PPS, which a file states once in its header) are
/// taken from that first keyframe with libavcodec's `extract_extradata` filter: cameras send
/// them in front of every keyframe.
///
/// Timestamps are the frames' capture times on a ``PresentationTimeline``, as the encoder's.
/// Use from one thread.
package final class StreamCopier: PacketSource {
    /// The compressed formats that can be copied.
    package static let copyable: [FourCC] = [.mjpg, .jpeg, .h264]

    package let fps: Double
    let width: Int
    let height: Int
    let inputFormat: FourCC
    private let keyframes: KeyframeDetector
    private var timeline: PresentationTimeline
    /// H.264: the parameter sets from the first keyframe (nil until it came).
    private var extradata: [UInt8]?

    /// - Throws: `MediaError.invalidSetting` for a format that cannot be copied (raw pixels,
    ///   or a compressed format camsched cannot file as it is).
    package init(inputFormat: FourCC, width: Int, height: Int, fps: Double, origin: Int64? = nil) throws {
        guard Self.copyable.contains(inputFormat) else {
            throw MediaError.invalidSetting("codec copy keeps the camera's own compressed frames, but this camera delivers \(inputFormat) (raw pixels); set camera.pixelFormat to MJPG or H264, or use codec h264")
        }
        guard width > 0, height > 0, fps > 0 else { throw MediaError.invalidSetting("a recording needs a size and a frame rate") }
        try FFmpegLibraries.load()
        self.inputFormat = inputFormat
        self.width = width
        self.height = height
        self.fps = fps
        timeline = PresentationTimeline(origin: origin)
        keyframes = try KeyframeDetector(format: inputFormat)
    }

    /// What the files' tags and sidecars name as the encoder: nothing was encoded.
    var encoderName: String { "copy" }
    var codecName: String { inputFormat == .h264 ? "h264" : "mjpeg" }
    var nominalDuration: Int64 { VideoEncoder.nominalDuration(fps: fps) }
    private(set) var hasEncoded = false
    /// An H.264 stream is described by its first keyframe's parameter sets.
    var canDescribe: Bool { inputFormat != .h264 || extradata != nil }

    /// The frame's bytes as one packet (none before an H.264 stream's first keyframe).
    func packets(for frame: VideoFrame) throws -> [EncodedPacket] {
        let isKeyframe = keyframes.isKeyframe(frame.bytes)
        guard isKeyframe || canDescribe else { return [] }
        // A network camera's frame is its demuxed packet: the muxer gets that buffer, not a copy.
        let packet = try (frame.memory.owner as? PacketReference)?.sharedPacket() ?? OwnedAVPacket(copying: frame.bytes)
        if isKeyframe { packet.markKeyframe() }
        if extradata == nil, inputFormat == .h264 { extradata = try Self.parameterSets(of: packet) }
        let (pts, adjusted) = timeline.pts(capturedAt: frame.timestampNanoseconds)
        packet.pointer.pointee.pts = pts
        packet.pointer.pointee.dts = pts
        packet.pointer.pointee.duration = nominalDuration
        hasEncoded = true
        return [EncodedPacket(packet: packet, timestampNanoseconds: frame.timestampNanoseconds, sequence: frame.sequence,
                              timestampAdjusted: adjusted)]
    }

    /// Nothing is held back.
    func drain() throws -> [EncodedPacket] { [] }

    /// The camera decides where its keyframes are: a cut waits for the next one.
    func forceKeyframe() {}

    func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>) throws {
        parameters.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        parameters.pointee.codec_tag = 0
        parameters.pointee.width = Int32(width)
        parameters.pointee.height = Int32(height)
        guard inputFormat == .h264 else {
            parameters.pointee.codec_id = AV_CODEC_ID_MJPEG
            parameters.pointee.format = AV_PIX_FMT_YUVJ422P.rawValue
            return
        }
        guard let extradata else { throw MediaError.invalidState("an H.264 stream is described by its first keyframe, which has not come yet") }
        parameters.pointee.codec_id = AV_CODEC_ID_H264
        try extradata.withUnsafeBytes { try BitstreamFilter.setExtradata($0, on: parameters) }
    }

    /// The SPS and PPS in front of an H.264 keyframe.
    private static func parameterSets(of keyframe: OwnedAVPacket) throws -> [UInt8] {
        let filter = try BitstreamFilter(name: "extract_extradata", codec: AV_CODEC_ID_H264)
        guard let found = try filter.filter(keyframe).lazy.compactMap(\.newExtradata).first else {
            throw MediaError.invalidSetting("the camera's H.264 keyframe carries no SPS and PPS: a file of its stream could not be played")
        }
        return found
    }
}
