import CamschedCore
internal import CFFmpegShim

/// Encodes frames into ``EncodedPacket``s, each with the capture time and sequence number of
/// its frame: the ``PacketSource`` of recordings, clips and time-lapse movies. Keyframes come
/// at least every `settings.keyframeInterval` seconds (the GOP), and no B-frames, so packets
/// leave in the order their frames came in (decode order is presentation order) and a file
/// can start at any keyframe.
///
/// Timestamps are the frames' capture times on a ``PresentationTimeline``.
/// Use from one thread.
package final class PacketEncoder: PacketSource {
    package let settings: VideoEncoderSettings
    let encoder: VideoEncoder
    /// The encoder in use.
    package var selection: EncoderSelection { encoder.selection }
    private var timeline: PresentationTimeline
    /// Frames sent and not yet out of the encoder, oldest first (packets come out in this order).
    private var inFlight: [(pts: Int64, ns: Int64, sequence: UInt32?, adjusted: Bool)] = []
    private var keyframeRequested = false

    /// Opens the encoder (a hardware one first for `auto`, as a recording does).
    /// - Parameters:
    ///   - origin: the capture time (ns) that is PTS 0; nil: the first frame's.
    ///   - globalHeader: the codec's headers once, out of band (a file's); false: in front of
    ///     every keyframe, as a camera's stream carries them.
    /// - Throws: `MediaError`, `AVError` when no encoder opens.
    package init(settings: VideoEncoderSettings, inputFormat: FourCC, origin: Int64? = nil, globalHeader: Bool = true) throws {
        guard settings.width > 0, settings.height > 0, settings.fps > 0 else {
            throw MediaError.invalidSetting("a recording needs a size and a frame rate")
        }
        try FFmpegLibraries.load()
        encoder = try EncoderSelector.openEncoder(settings: settings, inputFormat: inputFormat, globalHeader: globalHeader)
        var chosen = settings
        chosen.encoderName = encoder.selection.name
        self.settings = chosen
        timeline = PresentationTimeline(origin: origin)
    }

    var encoderName: String { encoder.selection.name }
    var codecName: String { settings.codec.rawValue }
    /// Whether a frame has been sent to the encoder.
    private(set) var hasEncoded = false
    var fps: Double { settings.fps }
    /// Ticks of one frame at the nominal rate.
    var nominalDuration: Int64 { VideoEncoder.nominalDuration(fps: settings.fps) }

    package func forceKeyframe() { keyframeRequested = true }

    /// Encodes one frame; returns the packets that came out (the encoder may hold a few
    /// frames back, so they can belong to earlier frames).
    package func encode(_ frame: VideoFrame) throws -> [EncodedPacket] {
        try encode(picture: encoder.picture(from: frame), timestampNanoseconds: frame.timestampNanoseconds,
                   sequence: frame.sequence)
    }

    func packets(for frame: VideoFrame) throws -> [EncodedPacket] { try encode(frame) }

    /// Encodes a picture that is already raw, at a capture time.
    func encode(picture: OwnedAVFrame, timestampNanoseconds: Int64, sequence: UInt32?) throws -> [EncodedPacket] {
        let (pts, adjusted) = timeline.pts(capturedAt: timestampNanoseconds)
        inFlight.append((pts, timestampNanoseconds, sequence, adjusted))
        hasEncoded = true
        let keyframe = keyframeRequested
        keyframeRequested = false
        return wrap(try encoder.encode(picture, pts: pts, duration: nominalDuration, keyframe: keyframe))
    }

    /// Drains the encoder: the packets of the frames it still holds.
    package func drain() throws -> [EncodedPacket] {
        wrap(try encoder.encode(nil, pts: 0, duration: 0, keyframe: false))
    }

    func describe(_ parameters: UnsafeMutablePointer<AVCodecParameters>) throws {
        try AVError.check(avcodec_parameters_from_context(parameters, encoder.context.pointer),
                          "avcodec_parameters_from_context")
    }

    /// Pairs each packet with its frame: the oldest frame in flight (frames the encoder
    /// dropped, whose PTS is older than the packet's, are passed over).
    private func wrap(_ packets: [OwnedAVPacket]) -> [EncodedPacket] {
        packets.map { packet in
            let pts = packet.pointer.pointee.pts
            while let oldest = inFlight.first, oldest.pts < pts { inFlight.removeFirst() }
            guard let frame = inFlight.first, frame.pts == pts else {
                return EncodedPacket(packet: packet, timestampNanoseconds: VideoEncoder.nanoseconds(pts: pts, origin: timeline.origin ?? 0),
                                     sequence: nil)
            }
            inFlight.removeFirst()
            return EncodedPacket(packet: packet, timestampNanoseconds: frame.ns, sequence: frame.sequence,
                                 timestampAdjusted: frame.adjusted)
        }
    }
}
