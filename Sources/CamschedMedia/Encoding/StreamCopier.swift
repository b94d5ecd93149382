import CamschedCore
internal import CFFmpegShim

/// The camera's own compressed stream as packets, unchanged (`codec: "copy"`): the second
/// ``PacketSource`` beside ``PacketEncoder``. Each frame a camera delivers as MJPEG is one
/// complete JPEG picture, so each becomes one packet, every one a keyframe: a file can start
/// at any frame, and a segment boundary needs no forced keyframe.
///
/// Timestamps are the frames' capture times relative to `origin` at 1/90 000 s, as the
/// encoder's; a frame whose time does not increase is moved one tick after the previous one
/// (the packet says so). Use from one thread.
public final class StreamCopier: PacketSource {
    /// The compressed formats that can be copied, and the codec each is.
    public static let copyable: [FourCC] = [.mjpg, .jpeg]

    public let fps: Double
    let width: Int
    let height: Int
    let inputFormat: FourCC
    private var origin: Int64?
    private var lastPts: Int64 = -1

    /// - Throws: `MediaError.invalidSetting` for a format that cannot be copied (raw pixels,
    ///   or a compressed format camsched cannot file as it is).
    public init(inputFormat: FourCC, width: Int, height: Int, fps: Double, origin: Int64? = nil) throws {
        guard Self.copyable.contains(inputFormat) else {
            throw MediaError.invalidSetting("codec copy keeps the camera's own compressed frames, but this camera delivers \(inputFormat) (raw pixels); set camera.pixelFormat to MJPG, or use codec h264")
        }
        guard width > 0, height > 0, fps > 0 else { throw MediaError.invalidSetting("a recording needs a size and a frame rate") }
        try FFmpegLibraries.load()
        self.inputFormat = inputFormat
        self.width = width
        self.height = height
        self.fps = fps
        self.origin = origin
    }

    /// What the files' tags and sidecars name as the encoder: nothing was encoded.
    var encoderName: String { "copy" }
    var codecName: String { "mjpeg" }
    var nominalDuration: Int64 { VideoEncoder.nominalDuration(fps: fps) }
    private(set) var hasEncoded = false

    /// The frame's bytes as one keyframe packet.
    func packets(for frame: VideoFrame) throws -> [EncodedPacket] {
        let packet = try OwnedAVPacket(copying: frame.bytes)
        let origin = self.origin ?? frame.timestampNanoseconds
        self.origin = origin
        var pts = VideoEncoder.pts(nanoseconds: frame.timestampNanoseconds, origin: origin)
        let adjusted = pts <= lastPts
        if adjusted { pts = lastPts + 1 }
        lastPts = pts
        packet.pointer.pointee.pts = pts
        packet.pointer.pointee.dts = pts
        packet.pointer.pointee.duration = nominalDuration
        packet.markKeyframe()
        hasEncoded = true
        return [EncodedPacket(packet: packet, timestampNanoseconds: frame.timestampNanoseconds, sequence: frame.sequence,
                              timestampAdjusted: adjusted)]
    }

    /// Nothing is held back.
    func drain() throws -> [EncodedPacket] { [] }

    /// Every packet is a keyframe already.
    func forceKeyframe() {}

    func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>) throws {
        parameters.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        parameters.pointee.codec_id = AV_CODEC_ID_MJPEG
        parameters.pointee.codec_tag = 0
        parameters.pointee.width = Int32(width)
        parameters.pointee.height = Int32(height)
        parameters.pointee.format = AV_PIX_FMT_YUVJ422P.rawValue
    }
}
