import CamschedCore
import Dispatch
import Foundation

/// The one recorder: writes a recording's frames into crash-safe movie files, split at a grid
/// of `segment` lengths, and hands each finished file to its ``SegmentFileProvider``.
///
/// - A file starts with a fresh encoder, so its first frame is a keyframe; the first frame at
///   or past the next boundary (recording start + n·segment) opens the next file, so no frame
///   is lost or written twice between consecutive files.
/// - ``closeFile()`` ends the file at its last frame (the camera went away); the next frame
///   opens a new one, which runs to the next boundary of the same grid.
/// - On a full disk (`ENOSPC`/`EDQUOT` from the muxer, never matched by text) the file keeps
///   every complete fragment: it is cut after its last complete fragment, handed over with
///   `truncated: "disk full"`, and ``RecordingError/diskFull(path:)`` is thrown.
/// - Finishing (the encoder's flush and the remux to a plain MP4) runs on a serial queue, in
///   order, so the caller goes straight on with the next file.
///
/// Use from one thread (the recording's).
public final class SegmentWriter {
    public struct Configuration: Sendable {
        public var settings: VideoEncoderSettings
        public var container: MovieContainer
        public var inputFormat: FourCC
        public var rotation: Int
        public var mirror: Bool
        public var metadata: MovieMetadata
        /// Length of each file in nanoseconds; nil: one file for the whole recording.
        public var segmentNanoseconds: Int64?
        /// Longest MP4 fragment / MKV cluster, seconds: what a kill or a full disk can cost.
        public var fragmentDuration: Double

        public init(settings: VideoEncoderSettings, container: MovieContainer = .mp4, inputFormat: FourCC,
                    rotation: Int = 0, mirror: Bool = false, metadata: MovieMetadata = MovieMetadata(),
                    segmentNanoseconds: Int64? = nil, fragmentDuration: Double = 0.5) {
            self.settings = settings
            self.container = container
            self.inputFormat = inputFormat
            self.rotation = rotation
            self.mirror = mirror
            self.metadata = metadata
            self.segmentNanoseconds = segmentNanoseconds
            self.fragmentDuration = fragmentDuration
        }
    }

    private var configuration: Configuration
    private let files: any SegmentFileProvider
    private let finisher: SegmentFinisher
    private var writer: MovieWriter?
    private var span: SegmentSpan?
    private var nextIndex = 0
    private var origin: Int64?
    private var wallAnchor: (timestamp: Int64, wall: Date)?
    private var interval: Int64
    private var boundary: Int64 = .max

    /// Files handed over so far (including ones still finishing).
    public private(set) var filesClosed = 0
    /// The encoder chosen for the first file; later files use the same one.
    public private(set) var encoderName: String?

    public init(_ configuration: Configuration, files: any SegmentFileProvider) throws(MediaError) {
        if let length = configuration.segmentNanoseconds, length < 1_000_000_000 {
            throw .invalidSetting("segment must be at least 1 s")
        }
        self.configuration = configuration
        self.files = files
        self.finisher = SegmentFinisher(container: configuration.container, files: files)
        interval = Int64(1e9 / max(configuration.settings.fps, 0.001))
    }

    /// The frame rate in force (the recording was throttled or recovered): gaps are measured
    /// against it from now on.
    public func setFrameRate(_ fps: Double) {
        guard fps > 0, fps.isFinite else { return }
        interval = Int64(1e9 / fps)
    }

    /// Opens the next file before frames arrive: starting an encoder can take a second on a
    /// small board, and frames arriving meanwhile would be discarded.
    public func prepare() throws {
        if writer == nil { try openFile() }
    }

    /// Writes one frame, closing the current file first when the frame reaches its boundary.
    public func append(_ frame: VideoFrame) throws {
        let time = frame.timestampNanoseconds
        if origin == nil { origin = time }
        if wallAnchor == nil { wallAnchor = (time, frame.wallClock) }
        if span != nil, time >= boundary - interval / 2 {
            span?.end(before: time, interval: interval)
            handOver()
        }
        if writer == nil { try openFile() }
        if span == nil {
            span = SegmentSpan(index: nextIndex - 1, firstTimestamp: time)
            boundary = nextBoundary(after: time)
        } else {
            span?.add(timestamp: time, interval: interval)
        }
        do {
            try writer?.append(frame)
        } catch let error as AVError where error.isNoSpace {
            try failOnFullDisk()
        }
    }

    /// Ends the current file at its last frame (the camera went away, or the recording is over).
    public func closeFile() {
        guard span != nil else { return }
        span?.end(interval: interval)
        handOver()
    }

    /// Closes the last file and waits until every file has been finished and handed over.
    /// A prepared file that never got a frame is abandoned.
    public func finish() {
        closeFile()
        if writer != nil {
            writer?.abandon()
            writer = nil
            files.abandon(index: nextIndex - 1)
        }
        finisher.waitUntilDone()
    }

    // MARK: Steps

    private func openFile() throws {
        let index = nextIndex
        let path = try files.reserve(index: index, date: Date())
        var tags = configuration.metadata
        tags.creationTime = Date()
        do {
            let opened = try MovieWriter(path: path, container: configuration.container, settings: configuration.settings,
                                         inputFormat: configuration.inputFormat, rotation: configuration.rotation,
                                         mirror: configuration.mirror, metadata: tags,
                                         fragmentDuration: configuration.fragmentDuration)
            if encoderName == nil {
                encoderName = opened.selection.name
                configuration.settings.encoderName = opened.selection.name  // no hardware probing per file
            }
            writer = opened
            nextIndex += 1
        } catch {
            files.abandon(index: index)
            throw error
        }
    }

    private func nextBoundary(after time: Int64) -> Int64 {
        guard let length = configuration.segmentNanoseconds, let origin else { return .max }
        let elapsed = time - origin + interval / 2
        return origin + (elapsed / length + 1) * length
    }

    private func wall(_ timestamp: Int64) -> Date {
        guard let anchor = wallAnchor else { return Date() }
        return anchor.wall.addingTimeInterval(Double(timestamp - anchor.timestamp) / 1e9)
    }

    private func handOver(truncated: String? = nil) {
        guard let span, let writer else { return }
        self.span = nil
        self.writer = nil
        boundary = .max
        filesClosed += 1
        let times = (wall(span.firstTimestamp), wall(span.endTimestamp ?? span.lastTimestamp))
        finisher.finish(SegmentFinisher.Job(writer: writer, span: span, startedAt: times.0, endedAt: times.1,
                                            truncated: truncated))
    }

    private func failOnFullDisk() throws {
        let path = writer?.path.path ?? "?"
        span?.end(interval: interval)
        handOver(truncated: "disk full")
        finisher.waitUntilDone()
        throw RecordingError.diskFull(path: path)
    }
}

/// Why a recording stopped writing.
public enum RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The filesystem (or the quota) is full; the file that was being written keeps what fitted.
    case diskFull(path: String)

    public var description: String {
        switch self {
        case let .diskFull(path): return "no space left on the device while writing \(path)"
        }
    }
}
