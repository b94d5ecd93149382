internal import CFFmpegShim

/// An `AVPacket` with one owner, freed in `deinit`.
final class OwnedAVPacket {
    let pointer: UnsafeMutablePointer<AVPacket>

    /// The corresponding C call is `av_packet_alloc`.
    init() throws(AVError) {
        guard let packet = av_packet_alloc() else { throw AVError.outOfMemory("av_packet_alloc") }
        pointer = packet
    }

    /// A packet holding a padded copy of `bytes`, as decoders require.
    /// The corresponding C call is `av_new_packet`.
    convenience init(copying bytes: UnsafeRawBufferPointer) throws(AVError) {
        try self.init()
        try AVError.check(av_new_packet(pointer, Int32(bytes.count)), "av_new_packet")
        if let base = bytes.baseAddress, bytes.count > 0 {
            pointer.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: pointer.pointee.data, count: Int(pointer.pointee.size))
    }

    var isKeyframe: Bool { pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }

    /// The parameter sets a bitstream filter (`extract_extradata`) found in the packet, if any.
    /// The corresponding C call is `av_packet_get_side_data`.
    var newExtradata: [UInt8]? {
        var size = 0
        guard let data = av_packet_get_side_data(pointer, AV_PKT_DATA_NEW_EXTRADATA, &size), size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
