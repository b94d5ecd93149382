internal import CFFmpegShim
import CamschedCore
import Foundation

/// Records camera frames into a movie file that survives being cut off at any moment.
///
/// MP4 is written fragmented (`frag_keyframe+empty_moov+default_base_moof`, a fragment at
/// every keyframe and at least every `fragmentDuration`), and each fragment is flushed and
/// synced to disk, so a killed process or a power cut leaves a file that plays up to its last
/// complete fragment. ``finish()`` then remuxes it (stream copy, no re-encode) into a plain MP4
/// with the index at the front and puts that in place of the fragmented file atomically.
/// MKV is written with short clusters and finished by its own trailer (cues), no remux.
///
/// Timestamps come from the frames' capture times, relative to the first frame, at 1/90 000 s,
/// so a recording whose frame rate changes still plays in real time. The writer is not
/// thread-safe: call it from one thread, the caller's encoding thread.
public final class MovieWriter: FinishableMovie {
    /// The file being written (the caller's `*.partial` path).
    public let path: URL
    public let container: MovieContainer
    public let settings: VideoEncoderSettings
    /// The encoder in use and why others were passed over.
    public let selection: EncoderSelection

    private let encoder: VideoEncoder
    private let packets: MuxedPacketWriter
    /// Ticks of one frame at the nominal rate.
    private let nominalDuration: Int64
    private var origin: Int64?
    private var lastPts: Int64 = -1
    private var previousPts: Int64?
    private var keyframeRequested = false
    private var state = State.open

    private enum State { case open, encodingFinished, failed }

    /// Opens the encoder and the file and writes the header.
    /// - Parameters:
    ///   - path: where to write; the caller hands a `*.partial` path and renames it when done.
    ///   - inputFormat: the camera's pixel format (frames in another format are converted).
    ///   - rotation, mirror: how the sensor is mounted; stored as the stream's display matrix.
    ///   - fragmentDuration: longest MP4 fragment / MKV cluster in seconds.
    ///   - timestampOrigin: capture time (ns) that is PTS 0; default the first frame's.
    ///   - syncsToDisk: `fsync` the file at every keyframe (at most once a second).
    /// - Throws: `MediaError.libraryMissing`, `MediaError.noWorkingEncoder`, `AVError` from opening the file.
    public init(path: URL, container: MovieContainer = .mp4, settings: VideoEncoderSettings,
                inputFormat: FourCC, rotation: Int = 0, mirror: Bool = false,
                metadata: MovieMetadata = MovieMetadata(), fragmentDuration: Double = 0.5,
                timestampOrigin: Int64? = nil, syncsToDisk: Bool = true) throws {
        guard settings.width > 0, settings.height > 0, settings.fps > 0 else {
            throw MediaError.invalidSetting("a recording needs a size and a frame rate")
        }
        try FFmpegLibraries.load()
        self.path = path
        self.container = container
        self.settings = settings
        nominalDuration = VideoEncoder.nominalDuration(fps: settings.fps)
        self.origin = timestampOrigin
        encoder = try EncoderSelector.openEncoder(settings: settings, inputFormat: inputFormat, globalHeader: true)
        selection = encoder.selection

        packets = try MuxedPacketWriter(path: path, container: container, codec: encoder.context, fps: settings.fps,
                                        rotation: rotation, mirror: mirror,
                                        tags: metadata.tags(encoder: encoder.selection.name),
                                        fragmentDuration: fragmentDuration,
                                        nominalDuration: nominalDuration,
                                        syncsToDisk: syncsToDisk, encoderName: encoder.selection.name)
    }

    deinit {
        // Never finished: leave the file as it stands; it plays up to its last fragment.
        if state == .open { packets.abandon() }
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

    /// Makes the next frame a keyframe (an IDR picture), e.g. at a segment boundary.
    public func forceKeyframe() { keyframeRequested = true }

    /// Encodes and writes one frame. Frames whose capture time does not increase are moved
    /// one tick after the previous one (counted in ``MovieStats/adjustedTimestamps``).
    /// - Throws: `MediaError`/`AVError` from conversion, encoding or writing; after a write
    ///   error the file keeps what was written before.
    public func append(_ frame: VideoFrame) throws {
        let picture = try encoder.picture(from: frame)
        try append(picture: picture, timestampNanoseconds: frame.timestampNanoseconds, sequence: frame.sequence)
    }

    /// Encodes a picture that is already raw, at a capture time.
    func append(picture: OwnedAVFrame, timestampNanoseconds: Int64, sequence: UInt32?) throws {
        guard state == .open else { throw MediaError.invalidState("the movie \(path.lastPathComponent) is finished") }
        let origin = self.origin ?? timestampNanoseconds
        self.origin = origin
        var pts = VideoEncoder.pts(nanoseconds: timestampNanoseconds, origin: origin)
        if pts <= lastPts {
            pts = lastPts + 1
            packets.stats.adjustedTimestamps += 1
        }
        previousPts = lastPts >= 0 ? lastPts : nil
        lastPts = pts
        packets.stats.noteFrame(pts: pts, sequence: sequence, timestampNanoseconds: timestampNanoseconds)
        let keyframe = keyframeRequested
        keyframeRequested = false
        do {
            for packet in try encoder.encode(picture, pts: pts, duration: nominalDuration, keyframe: keyframe) {
                try packets.write(packet)
            }
        } catch {
            abandon()
            throw error
        }
    }

    /// What has been written so far.
    var currentStats: MovieStats { packets.stats }

    /// Drains the encoder and closes the file without the final remux: an MP4 is left
    /// fragmented (complete and playable). Used by ``SegmentWriter`` to remux off the
    /// encoding thread.
    func finishEncoding() throws -> MovieStats {
        guard state == .open else { throw MediaError.invalidState("the movie \(path.lastPathComponent) is finished") }
        let lastGap = previousPts.map { lastPts - $0 } ?? nominalDuration
        do {
            for packet in try encoder.encode(nil, pts: 0, duration: 0, keyframe: false) { try packets.write(packet) }
            try packets.flush(lastDuration: lastGap)
            try packets.finish()
        } catch {
            abandon()
            throw error
        }
        state = .encodingFinished
        if let first = packets.stats.firstPts, let last = packets.stats.lastPts {
            packets.stats.durationSeconds = VideoEncoder.seconds(ticks: last - first + (lastGap > 0 ? lastGap : nominalDuration))
        }
        return packets.stats
    }

    /// Drains the encoder, closes the file and, for MP4, replaces the fragmented file with a
    /// plain, seekable one (index at the front) by stream copy.
    /// - Returns: what the file holds.
    /// - Throws: `AVError`/`MediaError`; if the final remux fails the fragmented file is left
    ///   in place (it plays) and the error is thrown.
    public func finish() throws -> MovieStats {
        let stats = try finishEncoding()
        try Self.finalize(path: path, container: container)
        return stats
    }

    /// Closes the file where it stands, without draining the encoder: what was written plays.
    public func abandon() {
        guard state == .open else { return }
        state = .failed
        packets.abandon()
    }

    /// Turns a complete fragmented MP4 at `path` into a plain one in place: remux to a
    /// sibling `*.remux` file, sync it, then rename it over `path`. A crash in between leaves
    /// the fragmented file intact. MKV needs nothing.
    static func finalize(path: URL, container: MovieContainer) throws {
        guard container == .mp4 else { return }
        let temporary = URL(fileURLWithPath: path.path + ".remux")
        _ = try MovieRemuxer.remux(input: path, output: temporary, container: .mp4, tolerant: false)
        FileSync.sync(path: temporary.path)
        try FileSync.replace(path.path, with: temporary.path)
        FileSync.syncDirectory(of: path.path)
    }
}
