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
    private let muxer: OutputFormatContext
    private let stream: UnsafeMutablePointer<AVStream>
    private let nominalDuration: Int64
    private let syncsToDisk: Bool
    private var base: Int64?
    private var pending: OwnedAVPacket?
    private var lastSyncDts: Int64?
    private var stats: MovieStats
    private var open = true

    init(path: URL, container: MovieContainer, encoder: PacketEncoder, rotation: Int, mirror: Bool,
         metadata: MovieMetadata, fragmentDuration: Double = 0.5, syncsToDisk: Bool = true) throws {
        self.path = path
        self.syncsToDisk = syncsToDisk
        nominalDuration = encoder.nominalDuration
        stats = MovieStats(encoderName: encoder.selection.name)
        (muxer, stream) = try MovieWriter.openMuxer(path: path, container: container, codec: encoder.encoder.context,
                                                    fps: encoder.settings.fps, rotation: rotation, mirror: mirror,
                                                    tags: metadata.tags(encoder: encoder.selection.name),
                                                    fragmentDuration: fragmentDuration)
        if syncsToDisk { FileSync.sync(path: path.path) }
    }

    deinit {
        if open { muxer.abandon() }
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
        if stats.firstPts == nil {
            stats.firstPts = copy.pointer.pointee.pts
            stats.firstSequence = packet.sequence
            stats.firstTimestampNanoseconds = packet.timestampNanoseconds
        }
        stats.lastPts = copy.pointer.pointee.pts
        stats.lastSequence = packet.sequence ?? stats.lastSequence
        stats.lastTimestampNanoseconds = packet.timestampNanoseconds
        if let previous = pending {
            let gap = copy.pointer.pointee.dts - previous.pointer.pointee.dts
            previous.pointer.pointee.duration = gap > 0 ? gap : nominalDuration
            try emit(previous)
        }
        pending = copy
    }

    private func emit(_ packet: OwnedAVPacket) throws {
        let raw = packet.pointer
        raw.pointee.stream_index = stream.pointee.index
        let dts = raw.pointee.dts
        av_packet_rescale_ts(raw, VideoEncoder.timeBase, stream.pointee.time_base)
        do { try muxer.write(packet) } catch {
            open = false
            muxer.abandon()
            throw error
        }
        stats.framesWritten += 1
        if syncsToDisk && packet.isKeyframe && lastSyncDts.map({ dts - $0 >= 90_000 }) != false {
            lastSyncDts = dts
            FileSync.sync(path: path.path)
        }
    }

    var currentStats: MovieStats { stats }

    func finishEncoding() throws -> MovieStats {
        guard open else { throw MediaError.invalidState("the clip \(path.lastPathComponent) is finished") }
        if let last = pending {
            last.pointer.pointee.duration = nominalDuration
            pending = nil
            try emit(last)
        }
        try muxer.finish()
        open = false
        if syncsToDisk { FileSync.sync(path: path.path) }
        if let first = stats.firstPts, let last = stats.lastPts {
            stats.durationSeconds = Double(last - first + nominalDuration) / 90_000
        }
        return stats
    }

    func abandon() {
        guard open else { return }
        open = false
        muxer.abandon()
    }
}
