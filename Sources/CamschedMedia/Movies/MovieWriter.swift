import CamschedCore
import Foundation

/// Records frames into one movie file that survives being cut off at any moment: the encode →
/// packet → file pipeline of a recording (``PacketEncoder`` into a ``MovieFile``) as one object,
/// for a time-lapse movie and for callers that write one file from start to end.
///
/// ``finish(faststart:)`` drains the encoder and, for MP4, finishes the fragmented file into a
/// plain MP4 where it lies (``MP4InPlaceFinish``: the index appended, no copy of the media).
/// MKV is finished by its own trailer (cues).
///
/// Timestamps come from the frames' capture times, relative to the first frame (or
/// `timestampOrigin`), at 1/90 000 s, so a recording whose frame rate changes still plays in
/// real time. Not thread-safe: call it from one thread, the caller's encoding thread.
package final class MovieWriter {
    /// The file being written (the caller's `*.partial` path).
    package var path: URL { file.path }
    package let container: MovieContainer
    package let settings: VideoEncoderSettings
    /// The encoder in use and why others were passed over.
    package var selection: EncoderSelection { encoder.selection }

    private let encoder: PacketEncoder
    private let file: MovieFile
    private var failed = false

    /// Opens the encoder and the file and writes the header.
    /// - Parameters:
    ///   - path: where to write; the caller hands a `*.partial` path and renames it when done.
    ///   - inputFormat: the camera's pixel format (frames in another format are converted).
    ///   - rotation, mirror: how the sensor is mounted; stored as the stream's display matrix.
    ///   - fragmentDuration: longest MP4 fragment / MKV cluster in seconds.
    ///   - timestampOrigin: capture time (ns) that is PTS 0; default the first frame's.
    ///   - syncsToDisk: `fsync` the file at every keyframe (at most once a second).
    /// - Throws: `MediaError.libraryMissing`, `MediaError.noWorkingEncoder`, `AVError` from opening the file.
    package init(path: URL, container: MovieContainer = .mp4, settings: VideoEncoderSettings,
                inputFormat: FourCC, rotation: Int = 0, mirror: Bool = false,
                metadata: MovieMetadata = MovieMetadata(), fragmentDuration: Double = 0.5,
                timestampOrigin: Int64? = nil, syncsToDisk: Bool = true) throws {
        encoder = try PacketEncoder(settings: settings, inputFormat: inputFormat, origin: timestampOrigin)
        self.container = container
        self.settings = encoder.settings
        file = try MovieFile(path: path, container: container, source: encoder, rotation: rotation, mirror: mirror,
                             metadata: metadata, fragmentDuration: fragmentDuration, base: 0, syncsToDisk: syncsToDisk)
    }

    /// Makes the next frame a keyframe (an IDR picture).
    package func forceKeyframe() { encoder.forceKeyframe() }

    /// Encodes and writes one frame. Frames whose capture time does not increase are moved
    /// one tick after the previous one (counted in ``MovieStats/adjustedTimestamps``).
    /// - Throws: `MediaError`/`AVError` from conversion, encoding or writing; after a write
    ///   error the file keeps what was written before.
    package func append(_ frame: VideoFrame) throws {
        try write { try encoder.encode(frame) }
    }

    /// Encodes a picture that is already raw, at a capture time.
    func append(picture: OwnedAVFrame, timestampNanoseconds: Int64, sequence: UInt32?) throws {
        try write { try encoder.encode(picture: picture, timestampNanoseconds: timestampNanoseconds, sequence: sequence) }
    }

    /// What has been written so far.
    var currentStats: MovieStats { file.stats }

    /// Drains the encoder and closes the file without the final remux: an MP4 is left
    /// fragmented (complete and playable).
    func finishEncoding() throws -> MovieStats {
        try write { try encoder.drain() }
        return try file.finishWriting()
    }

    /// Drains the encoder, closes the file and, for MP4, finishes the fragmented file into a
    /// plain, seekable one where it lies (index at the end; at the front with `faststart`).
    /// - Returns: what the file holds.
    /// - Throws: `AVError`/`MediaError`; if the final remux fails the fragmented file is left
    ///   in place (it plays) and the error is thrown.
    package func finish(faststart: Bool = false) throws -> MovieStats {
        let stats = try finishEncoding()
        try Self.finalize(path: path, container: container, faststart: faststart)
        return stats
    }

    /// Closes the file where it stands, without draining the encoder: what was written plays.
    package func abandon() {
        failed = true
        file.abandon()
    }

    private func write(_ packets: () throws -> [EncodedPacket]) throws {
        guard !failed else { throw MediaError.invalidState("the movie \(path.lastPathComponent) is finished") }
        do {
            for packet in try packets() { try file.write(packet) }
        } catch {
            abandon()
            throw error
        }
    }

    /// Turns a complete fragmented MP4 at `path` into a plain one where it lies
    /// (``MP4InPlaceFinish``: the index appended, the media not copied); with `faststart`, then
    /// moves the index to the front by one more pass (a remux to a sibling `*.remux` file,
    /// synced and renamed over `path`: a crash in between leaves the finished file). MKV needs
    /// nothing.
    static func finalize(path: URL, container: MovieContainer, faststart: Bool = false) throws {
        guard container == .mp4 else { return }
        _ = try MP4InPlaceFinish.finish(path: path.path)
        guard faststart else { return }
        let temporary = URL(fileURLWithPath: path.path + ".remux")
        _ = try MovieRemuxer.remux(input: path, output: temporary, container: .mp4, tolerant: false)
        FileSync.sync(path: temporary.path)
        try FileSync.replace(path.path, with: temporary.path)
        FileSync.syncDirectory(of: path.path)
    }
}
