import CamschedCore
import Foundation

/// The recorder of a `trigger` job: encodes the stream continuously, keeps the pre-roll in a
/// ``PacketRing``, and on request opens a clip that starts with the ring's packets from the
/// keyframe at or before a time and goes on with live packets until its end time.
///
/// - The caller (the capture mode) decides when a clip opens and how long it runs
///   (``openClip(from:until:)``, ``extend(until:)``); the recorder cuts at packets: the first
///   packet at or past the end closes the clip, a keyframe past `maxClip` splits it.
/// - Files are reserved from and handed to a ``SegmentFileProvider`` and finished (remuxed to
///   a plain MP4) on a ``SegmentFinisher``, in order, as a recording's are.
/// - ``cameraLost()`` drains the encoder into the open clip, files it and forgets the ring:
///   what comes after the camera's return is not continuous with it.
///
/// Use from one thread.
public final class ClipRecorder {
    public struct Configuration: Sendable {
        public var settings: VideoEncoderSettings
        public var container: MovieContainer
        public var inputFormat: FourCC
        public var rotation: Int
        public var mirror: Bool
        public var metadata: MovieMetadata
        public var preRollNanoseconds: Int64
        public var maxClipNanoseconds: Int64
        public var fragmentDuration: Double

        public init(settings: VideoEncoderSettings, container: MovieContainer = .mp4, inputFormat: FourCC,
                    rotation: Int = 0, mirror: Bool = false, metadata: MovieMetadata = MovieMetadata(),
                    preRollNanoseconds: Int64, maxClipNanoseconds: Int64, fragmentDuration: Double = 0.5) {
            self.settings = settings
            self.container = container
            self.inputFormat = inputFormat
            self.rotation = rotation
            self.mirror = mirror
            self.metadata = metadata
            self.preRollNanoseconds = preRollNanoseconds
            self.maxClipNanoseconds = maxClipNanoseconds
            self.fragmentDuration = fragmentDuration
        }
    }

    /// What happened to clips while packets were routed.
    public enum Change: Equatable, Sendable {
        /// Clip `index` opened; its first frame was captured at `startTimestamp`.
        case opened(index: Int, startTimestamp: Int64)
        /// Clip `index` was handed over for filing; it spans up to `endTimestamp`.
        case closed(index: Int, endTimestamp: Int64)
    }

    private struct OpenClip {
        let writer: ClipWriter
        let index: Int
        var span: SegmentSpan?
        var start: Int64?
    }

    private var configuration: Configuration
    private let files: any SegmentFileProvider
    private let finisher: SegmentFinisher
    private var encoder: PacketEncoder?
    public private(set) var ring: PacketRing
    private var clip: OpenClip?
    private var clipEnd: Int64 = .max
    private var nextIndex = 0
    private var wallAnchor: (timestamp: Int64, wall: Date)?
    private let interval: Int64

    /// The encoder chosen (after the first frame).
    public private(set) var encoderName: String?
    /// Clips handed over so far.
    public private(set) var clipsClosed = 0

    public init(_ configuration: Configuration, files: any SegmentFileProvider) {
        self.configuration = configuration
        self.files = files
        finisher = SegmentFinisher(container: configuration.container, files: files)
        ring = PacketRing(preRollNanoseconds: configuration.preRollNanoseconds)
        interval = Int64(1e9 / max(configuration.settings.fps, 0.001))
    }

    /// Whether a clip is open.
    public var isClipOpen: Bool { clip != nil }

    /// Opens the encoder before frames arrive (it can take a second on a small board); its
    /// timestamps start at the first frame.
    public func prepare() throws {
        guard encoder == nil else { return }
        let opened = try PacketEncoder(settings: configuration.settings, inputFormat: configuration.inputFormat)
        encoderName = opened.selection.name
        configuration.settings.encoderName = opened.selection.name  // no hardware probing again
        encoder = opened
    }

    /// Encodes one frame and routes the packets that come out.
    /// - Throws: encoding errors; ``RecordingError/diskFull(path:)`` when the clip's disk is full
    ///   (the clip is filed with what fitted).
    public func append(_ frame: VideoFrame) throws -> [Change] {
        if wallAnchor == nil { wallAnchor = (frame.timestampNanoseconds, frame.wallClock) }
        try prepare()
        guard let encoder else { return [] }
        return try route(encoder.encode(frame))
    }

    /// The wall-clock time of a frame's capture time, on the same scale as the clips'
    /// `startedAt`/`endedAt` (anchored at the first frame since the camera was opened).
    public func wallClock(of frame: VideoFrame) -> Date {
        if wallAnchor == nil { wallAnchor = (frame.timestampNanoseconds, frame.wallClock) }
        return wall(frame.timestampNanoseconds)
    }

    /// Opens a clip with the ring's packets from the keyframe at or before `timestamp`; it
    /// runs until the first packet at or past `end`.
    public func openClip(from timestamp: Int64, until end: Int64) throws -> [Change] {
        guard clip == nil else {
            extend(until: end)
            return []
        }
        try prepare()
        let index = nextIndex
        let path = try files.reserve(index: index, date: wall(timestamp))
        let writer: ClipWriter
        do {
            guard let encoder else { throw MediaError.invalidState("a clip cannot open before the encoder") }
            writer = try ClipWriter(path: path, container: configuration.container, encoder: encoder,
                                    rotation: configuration.rotation, mirror: configuration.mirror,
                                    metadata: tagged(timestamp), fragmentDuration: configuration.fragmentDuration)
        } catch {
            files.abandon(index: index)
            throw error
        }
        nextIndex += 1
        clip = OpenClip(writer: writer, index: index)
        clipEnd = end
        var changes: [Change] = []
        for packet in ring.packets(from: timestamp) { try write(packet, changes: &changes) }
        return changes
    }

    /// Moves the open clip's end to `end` (never earlier than it is).
    public func extend(until end: Int64) {
        guard clip != nil else { return }
        clipEnd = max(clipEnd, end)
    }

    /// The camera went away: the frames the encoder holds go into the open clip, which is filed;
    /// the ring is emptied and the next frame starts a new encoder.
    public func cameraLost() throws -> [Change] {
        var changes = try drain()
        if let closed = closeClip() { changes.append(closed) }
        ring.removeAll()
        encoder = nil
        wallAnchor = nil
        return changes
    }

    /// Drains the encoder, files the open clip and waits until every clip is finished.
    public func finish() -> [Change] {
        var changes = (try? drain()) ?? []
        if let closed = closeClip() { changes.append(closed) }
        finisher.waitUntilDone()
        return changes
    }

    // MARK: Routing

    private func drain() throws -> [Change] {
        guard let encoder else { return [] }
        return try route(encoder.drain())
    }

    private func route(_ packets: [EncodedPacket]) throws -> [Change] {
        var changes: [Change] = []
        for packet in packets {
            ring.append(packet)
            guard let open = clip else { continue }
            if packet.timestampNanoseconds >= clipEnd {
                if let closed = closeClip() { changes.append(closed) }
                continue
            }
            if packet.isKeyframe, let start = open.start,
               packet.timestampNanoseconds - start >= configuration.maxClipNanoseconds {
                let end = clipEnd
                if let closed = closeClip() { changes.append(closed) }
                changes += try openClip(from: packet.timestampNanoseconds, until: end)
                continue
            }
            try write(packet, changes: &changes)
        }
        return changes
    }

    private func write(_ packet: EncodedPacket, changes: inout [Change]) throws {
        guard var open = clip else { return }
        let time = packet.timestampNanoseconds
        if open.span == nil {
            guard packet.isKeyframe else { return }  // a clip starts at a keyframe
            open.span = SegmentSpan(index: open.index, firstTimestamp: time)
            open.start = time
            changes.append(.opened(index: open.index, startTimestamp: time))
        } else {
            open.span?.add(timestamp: time, interval: interval)
        }
        clip = open
        do {
            try open.writer.write(packet)
        } catch let error as AVError where error.isNoSpace {
            let path = open.writer.path.path
            if let closed = closeClip(truncated: "disk full") { changes.append(closed) }
            finisher.waitUntilDone()
            throw RecordingError.diskFull(path: path)
        }
    }

    private func closeClip(truncated: String? = nil) -> Change? {
        guard let open = clip else { return nil }
        clip = nil
        clipEnd = .max
        guard var span = open.span else {
            open.writer.abandon()
            files.abandon(index: open.index)
            return nil
        }
        span.end(interval: interval)
        clipsClosed += 1
        let end = span.endTimestamp ?? span.lastTimestamp
        finisher.finish(SegmentFinisher.Job(writer: open.writer, span: span, startedAt: wall(span.firstTimestamp),
                                            endedAt: wall(end), truncated: truncated))
        return .closed(index: open.index, endTimestamp: end)
    }

    private func wall(_ timestamp: Int64) -> Date {
        guard let anchor = wallAnchor else { return Date() }
        return anchor.wall.addingTimeInterval(Double(timestamp - anchor.timestamp) / 1e9)
    }

    private func tagged(_ timestamp: Int64) -> MovieMetadata {
        var tags = configuration.metadata
        tags.creationTime = wall(timestamp)
        return tags
    }
}
