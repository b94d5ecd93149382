internal import CFFmpegShim
import Foundation

/// The writing end shared by ``MovieWriter`` and ``ClipWriter``, so a clip is the same kind of
/// file as a recording: the crash-safe muxer of one file (``MovieWriter/openMuxer``), packets
/// written one behind so that each one's duration is the gap to the next (exact under a
/// changing frame rate), and the file synced at keyframes, where the previous fragment was
/// closed, at most once a second.
///
/// Packets arrive with timestamps at ``VideoEncoder/timeBase``. Not thread-safe: use it from
/// the caller's encoding thread.
final class MuxedPacketWriter {
    private let muxer: OutputFormatContext
    private let stream: UnsafeMutablePointer<AVStream>
    private let path: String
    private let nominalDuration: Int64
    private let syncsToDisk: Bool
    private var pending: OwnedAVPacket?
    private var lastSyncDts: Int64?
    /// What the file holds so far; its `framesWritten` counts the packets written (the one
    /// held back is not), the owner fills in the rest.
    var stats: MovieStats
    /// Times the file was synced at a keyframe.
    private(set) var keyframeSyncs = 0

    /// Opens the file, writes its header and, with `syncsToDisk`, syncs it.
    /// - Parameter nominalDuration: ticks of one frame, for a packet whose gap to the next is not positive.
    init(path: URL, container: MovieContainer, codec: CodecContext, fps: Double, rotation: Int, mirror: Bool,
         tags: [String: String], fragmentDuration: Double, nominalDuration: Int64, syncsToDisk: Bool,
         encoderName: String) throws {
        (muxer, stream) = try MovieWriter.openMuxer(path: path, container: container, codec: codec, fps: fps,
                                                    rotation: rotation, mirror: mirror, tags: tags,
                                                    fragmentDuration: fragmentDuration)
        self.path = path.path
        self.nominalDuration = nominalDuration
        self.syncsToDisk = syncsToDisk
        stats = MovieStats(encoderName: encoderName)
        if syncsToDisk { FileSync.sync(path: self.path) }
    }

    /// Holds `packet` back and writes the one held before it, whose duration is now known.
    /// - Throws: `AVError` from the muxer (`isNoSpace` on a full disk).
    func write(_ packet: OwnedAVPacket) throws {
        if let previous = pending {
            let gap = packet.pointer.pointee.dts - previous.pointer.pointee.dts
            previous.pointer.pointee.duration = gap > 0 ? gap : nominalDuration
            try emit(previous)
        }
        pending = packet
    }

    /// Writes the packet still held back with `duration` (the nominal one when not positive).
    func flush(lastDuration: Int64) throws {
        guard let last = pending else { return }
        pending = nil
        last.pointer.pointee.duration = lastDuration > 0 ? lastDuration : nominalDuration
        try emit(last)
    }

    /// Writes the trailer, closes the file and, with `syncsToDisk`, syncs it.
    func finish() throws {
        try muxer.finish()
        if syncsToDisk { FileSync.sync(path: path) }
    }

    /// Closes the file where it stands, without the packet held back: what was written plays.
    func abandon() { muxer.abandon() }

    private func emit(_ packet: OwnedAVPacket) throws {
        let raw = packet.pointer
        raw.pointee.stream_index = stream.pointee.index
        let dts = raw.pointee.dts
        av_packet_rescale_ts(raw, VideoEncoder.timeBase, stream.pointee.time_base)
        let keyframe = packet.isKeyframe
        try muxer.write(packet)
        stats.framesWritten += 1
        if syncsToDisk && keyframe && lastSyncDts.map({ dts - $0 >= Int64(VideoEncoder.timeBase.den) }) != false {
            lastSyncDts = dts
            keyframeSyncs += 1
            FileSync.sync(path: path)
        }
    }
}
