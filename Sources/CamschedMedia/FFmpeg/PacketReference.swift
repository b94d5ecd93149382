internal import CFFmpegShim

/// A demuxed packet held by a frame's memory (``FrameMemory/owner``), so a network camera's
/// compressed frame is its packet and not a copy of it: the frame's bytes are the packet's
/// reference-counted buffer, and a stream copy hands that same buffer to the muxer
/// (``sharedPacket()``) instead of copying the frame into a packet of its own. The buffer is
/// unreferenced when the last holder lets go — the frame's memory, or a packet shared from it
/// that a muxer or a pre-roll ring still keeps — exactly once, on whichever thread that is.
///
/// Unchecked Sendable: the packet is a constant, taken over whole at `init` (nobody else holds
/// it), never written after, and freed only in `deinit`; libav counts the buffer's references
/// atomically, so packets shared from it may be released on other threads.
package final class PacketReference: @unchecked Sendable {
    private let packet: OwnedAVPacket

    /// Takes over `packet`, which no one else may use afterwards. A packet whose bytes are not
    /// in a reference-counted buffer (a demuxer's own storage) is copied into one, once.
    init(taking packet: OwnedAVPacket) throws(AVError) {
        guard packet.pointer.pointee.buf == nil else {
            self.packet = packet
            return
        }
        let counted = try OwnedAVPacket()
        try AVError.check(av_packet_ref(counted.pointer, packet.pointer), "av_packet_ref")
        self.packet = counted
    }

    /// The packet's bytes (with libav's input padding behind them); valid while this lives.
    package var bytes: UnsafeRawBufferPointer { packet.bytes }

    /// A new packet over the same buffer (another reference to it, no copy): the bytes only,
    /// none of the demuxed packet's timing, flags or side data.
    /// The corresponding C call is `av_buffer_ref`.
    func sharedPacket() throws(AVError) -> OwnedAVPacket {
        let shared = try OwnedAVPacket()
        guard let buffer = av_buffer_ref(packet.pointer.pointee.buf) else { throw .outOfMemory("av_buffer_ref") }
        shared.pointer.pointee.buf = buffer
        shared.pointer.pointee.data = packet.pointer.pointee.data
        shared.pointer.pointee.size = packet.pointer.pointee.size
        return shared
    }
}
