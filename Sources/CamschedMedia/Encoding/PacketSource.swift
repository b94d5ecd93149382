import CamschedCore
internal import CFFmpegShim

/// Where a recording's packets come from: what ``MovieRecorder`` and ``MovieWriter`` write
/// into ``MovieFile``s — ``PacketEncoder`` (frames encoded by libavcodec) or ``StreamCopier``
/// (the camera's own compressed frames, unchanged: `codec: "copy"`). The cut policies, the
/// pre-roll ring, the files and their finishing are the same for both.
protocol PacketSource: AnyObject {
    /// The encoder's name for the files' tags and sidecars (`libx264`, …).
    var encoderName: String { get }
    /// The codec of the packets (`h264`, `mjpeg`), for the sidecars.
    var codecName: String { get }
    /// Ticks (1/90 000 s) of one frame at the nominal rate.
    var nominalDuration: Int64 { get }
    /// The nominal frame rate, stored as the stream's average rate.
    var fps: Double { get }
    /// Whether a frame has gone in (a recorder with none has nothing to drain on a loss).
    var hasEncoded: Bool { get }
    /// The packets that come out for one frame (possibly of earlier frames, possibly none).
    func packets(for frame: VideoFrame) throws -> [EncodedPacket]
    /// The packets still held back (end of stream).
    func drain() throws -> [EncodedPacket]
    /// Makes the next frame a keyframe (a cut, or the first after the camera came back).
    func forceKeyframe()
    /// Whether ``describe(_:)`` can fill a file's parameters yet (a copied H.264 stream can
    /// once its first keyframe came): until then no file is opened ahead of the packets.
    var canDescribe: Bool { get }
    /// Fills a file's stream parameters (codec, size, extradata) for the packets to come.
    func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>) throws
}

extension PacketSource {
    var canDescribe: Bool { true }
}
