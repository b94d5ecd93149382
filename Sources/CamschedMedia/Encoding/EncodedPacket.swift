internal import CFFmpegShim

/// One encoded frame, kept for a pre-roll or written into a clip: the packet with the capture
/// time of its frame. Its timestamps are in ``VideoEncoder/timeBase`` units (sound: in samples),
/// relative to the encoder's origin; a writer copies it before changing anything, so one packet can be in the
/// ring and in a clip at once.
package final class EncodedPacket {
    let packet: OwnedAVPacket
    /// The capture time of the packet's frame (monotonic nanoseconds, as the frames carry).
    package let timestampNanoseconds: Int64
    /// The frame's V4L2 sequence number.
    package let sequence: UInt32?
    /// Whether a decoder can start here.
    package let isKeyframe: Bool
    /// Encoded bytes.
    package let size: Int
    /// Whether the frame's capture time did not increase and its PTS was moved one tick on
    /// (counted in the file's ``MovieStats/adjustedTimestamps``).
    package let timestampAdjusted: Bool
    /// Sound (an ``AudioEncoder``'s, timestamps in samples) rather than picture.
    package let isAudio: Bool

    init(packet: OwnedAVPacket, timestampNanoseconds: Int64, sequence: UInt32?, timestampAdjusted: Bool = false,
         isAudio: Bool = false) {
        self.packet = packet
        self.isAudio = isAudio
        self.timestampNanoseconds = timestampNanoseconds
        self.sequence = sequence
        self.timestampAdjusted = timestampAdjusted
        isKeyframe = packet.isKeyframe
        size = Int(packet.pointer.pointee.size)
    }

    /// Presentation time in 1/90 000 s (sound: in samples).
    var pts: Int64 { packet.pointer.pointee.pts }
    /// Duration in the same units.
    var duration: Int64 { packet.pointer.pointee.duration }
}

extension OwnedAVPacket {
    /// Flags the packet as a keyframe (packets made outside an encoder, e.g. in tests).
    func markKeyframe() { pointer.pointee.flags |= AV_PKT_FLAG_KEY }
}
