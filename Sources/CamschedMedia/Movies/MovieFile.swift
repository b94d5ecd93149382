import CamschedCore
internal import CFFmpegShim
import Foundation

/// The one writer of encoded packets into a movie file — for a recording's segments, a trigger
/// job's clips (pre-roll then live packets) and a time-lapse movie alike, so each is the same
/// kind of file:
///
/// - crash-safe: MP4 fragmented at every keyframe and at least every `fragmentDuration`
///   (`frag_keyframe+empty_moov+default_base_moof`), MKV in clusters as short, and the file
///   synced at keyframes (where the previous fragment was closed), at most once a second —
///   a kill or a power cut leaves a file that plays up to its last complete fragment;
/// - timestamps rebased so the file starts at 0 (or at a given base), each packet written one
///   behind so that its duration is the gap to the next (exact under a changing frame rate),
///   the last one as long as the gap before it;
/// - rotation and mirroring stored as the stream's display matrix, the tags as metadata.
///
/// ``finishWriting()`` writes the trailer and leaves an MP4 fragmented; ``SegmentFinisher`` or
/// ``MovieWriter/finalize(path:container:)`` then remuxes it into a plain one. The first packet
/// must be a keyframe. Use from one thread at a time (the recording's, then the finisher's).
final class MovieFile {
    /// The file (the caller's `*.partial` path).
    let path: URL
    private let muxer: OutputFormatContext
    private let stream: UnsafeMutablePointer<AVStream>
    private let nominalDuration: Int64
    private let syncsToDisk: Bool
    private var base: Int64?
    private var pending: OwnedAVPacket?
    private var previousPts: Int64?
    /// The gap between the two packets before the held-back one: the file's own frame interval,
    /// which its last frame lasts when the gap right before that frame was a stall.
    private var previousGap: Int64?
    private var lastSyncDts: Int64?
    private var isOpen = true
    /// The sound track, when the recording has sound.
    private var audio: MovieAudioTrack?
    /// The capture time of the file's first picture: where its sound starts from.
    private var firstPictureNanoseconds: Int64?
    /// What the file holds so far (the packet held back is not written yet).
    private(set) var stats: MovieStats
    /// Times the file was synced at a keyframe.
    private(set) var keyframeSyncs = 0

    /// Opens the file for `source`'s packets, writes its header and, with `syncsToDisk`, syncs it.
    /// - Parameters:
    ///   - base: the PTS that is 0 in the file; nil: the first packet's.
    ///   - sound: the sound's encoder and the microphone's name, for a file with sound.
    init(path: URL, container: MovieContainer, source: any PacketSource, rotation: Int, mirror: Bool,
         metadata: MovieMetadata, fragmentDuration: Double = 0.5, base: Int64? = nil, syncsToDisk: Bool = true,
         sound: (encoder: AudioEncoder, name: String)? = nil) throws {
        self.path = path
        self.base = base
        self.syncsToDisk = syncsToDisk
        nominalDuration = source.nominalDuration
        muxer = try OutputFormatContext(path: path.path, formatName: container.formatName)
        stream = try muxer.addStream()
        try source.describe(stream.pointee.codecpar)
        stream.pointee.time_base = VideoEncoder.timeBase
        stream.pointee.avg_frame_rate = av_d2q(source.fps, 100_000)
        if rotation % 360 != 0 || mirror { Self.setDisplayMatrix(on: stream, rotation: rotation, mirror: mirror) }
        if let sound { audio = try MovieAudioTrack(muxer: muxer, source: sound.encoder, name: sound.name) }
        muxer.setMetadata(metadata.tags(encoder: source.encoderName))
        muxer.pointer.pointee.flush_packets = 1
        try muxer.writeHeader(options: Self.fragmentOptions(container: container, fragmentDuration: fragmentDuration))
        stats = MovieStats(encoderName: source.encoderName, codecName: source.codecName)
        if syncsToDisk { FileSync.sync(path: path.path) }
    }

    deinit {
        // Never finished: leave the file as it stands; it plays up to its last fragment.
        if isOpen { muxer.abandon() }
    }

    /// Writes one packet (a reference to it: a ring may hold the same packet).
    /// - Throws: `AVError` from the muxer (`isNoSpace` on a full disk): the file is then
    ///   closed where it stands.
    func write(_ packet: EncodedPacket) throws {
        guard isOpen else { throw MediaError.invalidState("the movie \(path.lastPathComponent) is finished") }
        if packet.isAudio { return try writeSound(packet) }
        if firstPictureNanoseconds == nil { firstPictureNanoseconds = packet.timestampNanoseconds }
        let copy = try OwnedAVPacket()
        try AVError.check(av_packet_ref(copy.pointer, packet.packet.pointer), "av_packet_ref")
        let base = self.base ?? packet.pts
        self.base = base
        copy.pointer.pointee.pts -= base
        copy.pointer.pointee.dts = copy.pointer.pointee.pts  // no B-frames: decode order is presentation order
        stats.noteFrame(pts: copy.pointer.pointee.pts, sequence: packet.sequence, timestampNanoseconds: packet.timestampNanoseconds)
        if packet.timestampAdjusted { stats.adjustedTimestamps += 1 }
        do {
            if let previous = pending {
                let gap = copy.pointer.pointee.dts - previous.pointer.pointee.dts
                previous.pointer.pointee.duration = gap > 0 ? gap : nominalDuration
                if let before = previousPts { previousGap = previous.pointer.pointee.pts - before }
                previousPts = previous.pointer.pointee.pts
                try emit(previous)
            }
            pending = copy
        } catch {
            abandon()
            throw error
        }
    }

    /// Writes a sound packet at its place beside the pictures (none before the first picture).
    private func writeSound(_ packet: EncodedPacket) throws {
        guard let first = firstPictureNanoseconds, var track = audio else { return }
        defer { audio = track; stats.audio = track.stats }
        guard let placed = try track.place(packet, pictureNanoseconds: first) else { return }
        do { try muxer.write(placed) } catch {
            abandon()
            throw error
        }
    }

    /// Notes a stretch without sound inside the file (the sidecar lists it).
    func noteSoundGap(_ gap: AudioGap) {
        audio?.note(gap)
        stats.audio = audio?.stats
    }

    /// Writes the packet held back (as long as the gap before it, or the one before that when
    /// shorter: a camera that stalled and sent one more frame before it was lost must not make
    /// that frame last the stall), the trailer, and syncs the file: an MP4 is left fragmented,
    /// complete and playable.
    func finishWriting() throws -> MovieStats {
        guard isOpen else { throw MediaError.invalidState("the movie \(path.lastPathComponent) is finished") }
        let lastGap = stats.lastPts.flatMap { last in previousPts.map { last - $0 } } ?? nominalDuration
        let steadyGap = previousGap.map { $0 > 0 ? min($0, lastGap) : lastGap } ?? lastGap
        let lastDuration = steadyGap > 0 ? steadyGap : nominalDuration
        do {
            if let last = pending {
                pending = nil
                last.pointer.pointee.duration = lastDuration
                try emit(last)
            }
            try muxer.finish()
            if syncsToDisk { FileSync.sync(path: path.path) }
        } catch {
            abandon()
            throw error
        }
        isOpen = false
        if let first = stats.firstPts, let last = stats.lastPts {
            stats.durationSeconds = VideoEncoder.seconds(ticks: last - first + lastDuration)
        }
        return stats
    }

    /// Closes the file where it stands, without the packet held back: what was written plays.
    func abandon() {
        guard isOpen else { return }
        isOpen = false
        muxer.abandon()
    }

    private func emit(_ packet: OwnedAVPacket) throws {
        let raw = packet.pointer
        raw.pointee.stream_index = stream.pointee.index
        let dts = raw.pointee.dts
        av_packet_rescale_ts(raw, VideoEncoder.timeBase, stream.pointee.time_base)
        let keyframe = packet.isKeyframe  // read before the muxer blanks the packet
        try muxer.write(packet)
        stats.framesWritten += 1
        if syncsToDisk && keyframe && lastSyncDts.map({ dts - $0 >= Int64(VideoEncoder.timeBase.den) }) != false {
            lastSyncDts = dts
            keyframeSyncs += 1
            FileSync.sync(path: path.path)
        }
    }

    /// The muxer options of a crash-safe file: MP4 fragments / MKV clusters of at most
    /// `fragmentDuration` (at least 0.1 s).
    static func fragmentOptions(container: MovieContainer, fragmentDuration: Double) -> [String: String] {
        let seconds = max(fragmentDuration, 0.1)
        switch container {
        case .mp4:
            return ["movflags": "+frag_keyframe+empty_moov+default_base_moof+frag_discont",
                    "frag_duration": String(Int64(seconds * 1_000_000)),
                    // Each track's first fragment starts at its first sample's time (`tfdt`), so
                    // sound that begins after the first picture keeps its place: by default the
                    // muxer moves a track's first sample to 0 and stretches it.
                    "avoid_negative_ts": "make_non_negative"]
        case .mkv:
            return ["cluster_time_limit": String(Int64(seconds * 1000))]
        }
    }

    /// Stores the mounting rotation (clockwise degrees) and mirroring as the stream's display
    /// matrix, which players apply when showing the video. The corresponding C calls are
    /// `av_stream_new_side_data`, `av_display_rotation_set` and `av_display_matrix_flip`.
    static func setDisplayMatrix(on stream: UnsafeMutablePointer<AVStream>, rotation: Int, mirror: Bool) {
        guard let data = av_stream_new_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, 9 * MemoryLayout<Int32>.size) else { return }
        data.withMemoryRebound(to: Int32.self, capacity: 9) { matrix in
            // av_display_rotation_set takes clockwise degrees (av_display_rotation_get and
            // ffprobe report the counter-clockwise angle, so 90 reads back as -90).
            av_display_rotation_set(matrix, Double(rotation))
            if mirror { av_display_matrix_flip(matrix, 1, 0) }
        }
    }
}
