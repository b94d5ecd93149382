import CamschedV4L2
import Dispatch
import Foundation

/// Splits one recording into files of `segmentDuration` with no frame lost or repeated
/// between consecutive files.
///
/// The first frame whose capture time reaches the next boundary (first frame's time plus a
/// multiple of the segment length) starts the next file, with a fresh encoder, so it is a
/// keyframe. The encoder is drained and the file closed on the caller's thread; the final
/// remux (MP4) and the `onSegment` call happen on a background queue, so the encoding thread
/// is held up only for the drain. Use from one thread.
public final class SegmentedRecorder {
    public let segmentDuration: Double
    public let container: MovieContainer
    /// The encoder chosen for the first segment; later segments use the same one.
    public private(set) var selection: EncoderSelection?

    private var settings: VideoEncoderSettings
    private let inputFormat: FourCC
    private let rotation: Int
    private let mirror: Bool
    private let metadata: MovieMetadata
    private let nextPath: (Int) throws -> URL
    private let onSegment: @Sendable (FinishedSegment) -> Void
    private let finalizer = DispatchQueue(label: "camsched.segment-finalizer")
    private var writer: MovieWriter?
    private var index = -1
    private var origin: Int64?
    private var nextBoundary: Int64 = 0
    private var framesWritten = 0
    private var finished = false

    /// - Parameters:
    ///   - segmentDuration: seconds per file (at least 1).
    ///   - nextPath: hands out the partial path for segment `index` (0, 1, …).
    ///   - onSegment: called on a background queue with each finished file, in order.
    public init(segmentDuration: Double, container: MovieContainer = .mp4, settings: VideoEncoderSettings,
                inputFormat: FourCC, rotation: Int = 0, mirror: Bool = false,
                metadata: MovieMetadata = MovieMetadata(), nextPath: @escaping (Int) throws -> URL,
                onSegment: @escaping @Sendable (FinishedSegment) -> Void) throws {
        guard segmentDuration >= 1 else { throw MediaError.invalidSetting("segment must be at least 1 s") }
        self.segmentDuration = segmentDuration
        self.container = container
        self.settings = settings
        self.inputFormat = inputFormat
        self.rotation = rotation
        self.mirror = mirror
        self.metadata = metadata
        self.nextPath = nextPath
        self.onSegment = onSegment
    }

    /// Asks the current file's encoder for a keyframe on the next frame.
    public func forceKeyframe() { writer?.forceKeyframe() }

    /// Writes one frame, starting a new file first when it reaches the next boundary.
    public func append(_ frame: VideoFrame) throws {
        guard !finished else { throw MediaError.invalidState("the recording is finished") }
        let time = frame.timestampNanoseconds
        let step = Int64(segmentDuration * 1e9)
        if origin == nil {
            origin = time
            nextBoundary = time + step
        }
        if writer != nil && time >= nextBoundary {
            try closeCurrent()
            while time >= nextBoundary { nextBoundary += step }
        }
        if writer == nil { try open(startingAt: frame) }
        try writer?.append(frame)
        framesWritten += 1
    }

    private func open(startingAt frame: VideoFrame) throws {
        index += 1
        var tags = metadata
        tags.creationTime = frame.wallClock
        let path = try nextPath(index)
        let writer = try MovieWriter(path: path, container: container, settings: settings, inputFormat: inputFormat,
                                     rotation: rotation, mirror: mirror, metadata: tags,
                                     timestampOrigin: frame.timestampNanoseconds)
        if selection == nil {
            selection = writer.selection
            settings.encoderName = writer.selection.name  // no hardware probing per segment
        }
        self.writer = writer
    }

    private func closeCurrent() throws {
        guard let writer else { return }
        self.writer = nil
        let stats = try writer.finishEncoding()
        let segment = index
        let path = writer.path
        let container = container
        let onSegment = onSegment
        finalizer.async {
            var problem: String?
            do { try MovieWriter.finalize(path: path, container: container) } catch { problem = "\(error)" }
            onSegment(FinishedSegment(index: segment, path: path, stats: stats, finalizationError: problem))
        }
    }

    /// Closes the last file and waits until every segment has been finalised and reported.
    /// - Returns: how many files were written and how many frames they hold in total.
    public func finish() throws -> (segments: Int, frames: Int) {
        guard !finished else { return (index + 1, framesWritten) }
        finished = true
        defer { finalizer.sync {} }
        try closeCurrent()
        return (index + 1, framesWritten)
    }
}
