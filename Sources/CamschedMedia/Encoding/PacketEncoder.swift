import CamschedCore
import Foundation

/// Encodes a stream continuously into ``EncodedPacket``s, each with the capture time of its
/// frame: the encoder of a `trigger` job, which keeps the last seconds in a ``PacketRing`` and
/// writes clips from it with ``ClipWriter``. Keyframes come at least every
/// `settings.keyframeInterval` seconds (the GOP), and no B-frames, so decode order is
/// presentation order and a clip can start at any keyframe.
///
/// Use from one thread.
public final class PacketEncoder {
    public let settings: VideoEncoderSettings
    let encoder: VideoEncoder
    /// The encoder in use.
    public var selection: EncoderSelection { encoder.selection }
    private var origin: Int64?
    private var lastPts: Int64 = -1
    private var timestamps: [Int64: (ns: Int64, sequence: UInt32)] = [:]
    private var keyframeRequested = false

    /// Opens the encoder (a hardware one first for `auto`, as a recording does).
    /// - Parameter origin: the capture time (ns) that is PTS 0; nil: the first frame's.
    /// - Throws: `MediaError`, `AVError` when no encoder opens.
    public init(settings: VideoEncoderSettings, inputFormat: FourCC, origin: Int64? = nil) throws {
        guard settings.width > 0, settings.height > 0, settings.fps > 0 else {
            throw MediaError.invalidSetting("a recording needs a size and a frame rate")
        }
        try FFmpegLibraries.load()
        encoder = try EncoderSelector.openEncoder(settings: settings, inputFormat: inputFormat, globalHeader: true)
        var chosen = settings
        chosen.encoderName = encoder.selection.name
        self.settings = chosen
        self.origin = origin
    }

    /// Makes the next frame a keyframe (the first after the camera came back).
    public func forceKeyframe() { keyframeRequested = true }

    /// Encodes one frame; returns the packets that came out (the encoder may hold a few
    /// frames back, so they can belong to earlier frames).
    public func encode(_ frame: VideoFrame) throws -> [EncodedPacket] {
        let picture = try encoder.picture(from: frame)
        let origin = self.origin ?? frame.timestampNanoseconds
        self.origin = origin
        var pts = VideoEncoder.pts(nanoseconds: frame.timestampNanoseconds, origin: origin)
        if pts <= lastPts { pts = lastPts + 1 }
        lastPts = pts
        timestamps[pts] = (frame.timestampNanoseconds, frame.sequence)
        let keyframe = keyframeRequested
        keyframeRequested = false
        let packets = try encoder.encode(picture, pts: pts, duration: nominalDuration, keyframe: keyframe)
        return wrap(packets)
    }

    /// Drains the encoder: the packets of the frames it still holds.
    public func drain() throws -> [EncodedPacket] {
        wrap(try encoder.encode(nil, pts: 0, duration: 0, keyframe: false))
    }

    /// Ticks of one frame at the nominal rate.
    var nominalDuration: Int64 { VideoEncoder.nominalDuration(fps: settings.fps) }

    private func wrap(_ packets: [OwnedAVPacket]) -> [EncodedPacket] {
        packets.map { packet in
            let pts = packet.pointer.pointee.pts
            let known = timestamps.removeValue(forKey: pts)
            let ns = known?.ns ?? VideoEncoder.nanoseconds(pts: pts, origin: origin ?? 0)
            return EncodedPacket(packet: packet, timestampNanoseconds: ns, sequence: known?.sequence)
        }
    }
}
