internal import CFFmpegShim
import Foundation

/// Writes already-encoded packets (a pre-roll from a ``PacketRing``, then live ones) into a
/// movie file through the same crash-safe muxer as a recording (``MovieWriter/openMuxer``):
/// timestamps are rebased so the clip starts at 0, each packet's duration is the gap to the
/// next, and the file is synced at keyframes (at most once a second). The first packet must
/// be a keyframe. Finished on a ``SegmentFinisher`` like a recording's files.
///
/// Use from one thread (the encoding one); the finisher takes it over after the last write.
final class ClipWriter: FinishableMovie {
    let path: URL
    private let packets: MuxedPacketWriter
    private let nominalDuration: Int64
    private var base: Int64?
    private var open = true

    init(path: URL, container: MovieContainer, encoder: PacketEncoder, rotation: Int, mirror: Bool,
         metadata: MovieMetadata, fragmentDuration: Double = 0.5, syncsToDisk: Bool = true) throws {
        self.path = path
        nominalDuration = encoder.nominalDuration
        packets = try MuxedPacketWriter(path: path, container: container, codec: encoder.encoder.context,
                                        fps: encoder.settings.fps, rotation: rotation, mirror: mirror,
                                        tags: metadata.tags(encoder: encoder.selection.name),
                                        fragmentDuration: fragmentDuration, nominalDuration: nominalDuration,
                                        syncsToDisk: syncsToDisk, encoderName: encoder.selection.name)
    }

    deinit {
        if open { packets.abandon() }
    }

    /// Writes one packet (a copy of it: the ring keeps the original).
    /// - Throws: `AVError` from the muxer (`isNoSpace` on a full disk).
    func write(_ packet: EncodedPacket) throws {
        guard open else { throw MediaError.invalidState("the clip \(path.lastPathComponent) is finished") }
        let copy = try OwnedAVPacket()
        try AVError.check(av_packet_ref(copy.pointer, packet.packet.pointer), "av_packet_ref")
        let base = self.base ?? packet.pts
        self.base = base
        copy.pointer.pointee.pts -= base
        copy.pointer.pointee.dts = copy.pointer.pointee.pts
        packets.stats.noteFrame(pts: copy.pointer.pointee.pts, sequence: packet.sequence,
                                timestampNanoseconds: packet.timestampNanoseconds)
        do { try packets.write(copy) } catch {
            abandon()
            throw error
        }
    }

    /// What has been written so far.
    var currentStats: MovieStats { packets.stats }

    /// Times the file was synced at a keyframe (at most once a second).
    var keyframeSyncs: Int { packets.keyframeSyncs }

    func finishEncoding() throws -> MovieStats {
        guard open else { throw MediaError.invalidState("the clip \(path.lastPathComponent) is finished") }
        do {
            try packets.flush(lastDuration: nominalDuration)
            try packets.finish()
        } catch {
            abandon()
            throw error
        }
        open = false
        if let first = packets.stats.firstPts, let last = packets.stats.lastPts {
            packets.stats.durationSeconds = VideoEncoder.seconds(ticks: last - first + nominalDuration)
        }
        return packets.stats
    }

    func abandon() {
        guard open else { return }
        open = false
        packets.abandon()
    }
}
