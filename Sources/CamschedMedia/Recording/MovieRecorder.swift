import CamschedCore
import Foundation

/// The one recorder, for a recording's segments and a trigger job's clips: frames → a
/// ``PacketSource`` (the encoder) → packets → the open ``MovieFile``, cut into files by a
/// ``CutPolicy``, each finished file handed to a ``SegmentFinisher`` and then to the
/// ``SegmentFileProvider`` (filing).
///
/// - The encoder runs continuously; a file starts at a keyframe (a segment boundary forces
///   one), so no frame is lost or written twice between consecutive files.
/// - ``cameraLost()`` drains the encoder into the open file, files it, forgets the pre-roll and
///   the encoder: what comes after the camera's return is not continuous with it.
/// - On a full disk (`ENOSPC`/`EDQUOT` from the muxer, never matched by text) the file keeps
///   every complete fragment: it is cut after its last complete fragment, handed over with
///   `truncated: "disk full"`, and ``RecordingError/diskFull(path:)`` is thrown.
/// - Finishing (the trailer, the remux to a plain MP4) runs on the finisher's serial queue,
///   in order, so the caller goes straight on.
/// - Capture time maps to wall time through one ``CaptureTimeline`` anchored at the stream's
///   first frame (again after the camera's return).
/// - Sound (a microphone's) goes into the file open at its capture time (``SoundRouter``).
///
/// Use from one thread (the recording's).
package final class MovieRecorder {
    /// What happened to files while packets were routed.
    package enum Change: Equatable, Sendable {
        /// File `index` got its first packet, of the frame captured at `startTimestamp`.
        case opened(index: Int, startTimestamp: Int64)
        /// File `index` was handed over for filing; it spans up to `endTimestamp`.
        case closed(index: Int, endTimestamp: Int64)
    }

    struct OpenFile {
        let file: MovieFile
        let index: Int
        var span: SegmentSpan?
    }

    private(set) var configuration: Configuration
    private let files: any SegmentFileProvider
    private let finisher: SegmentFinisher
    private var source: (any PacketSource)?
    /// The pre-roll (clips; empty for segments).
    package private(set) var ring: PacketRing
    private(set) var open: OpenFile?
    /// The open clip's end: the first packet at or past it closes the file (segments: never).
    private var openUntil: Int64 = .max
    /// Segments: where the recording is cut.
    private(set) var grid: SegmentGrid
    private var timeline: CaptureTimeline?
    private(set) var intervals: FrameIntervals
    private var nextIndex = 0
    /// The sound on its way into the files (a recording with a microphone).
    var sound: SoundRouter?
    /// The capture time of the newest frame appended (its packet may still be in the encoder).
    private(set) var lastAppended: Int64?

    /// - Throws: `MediaError.invalidSetting` for segments shorter than 1 s.
    package init(_ configuration: Configuration, files: any SegmentFileProvider) throws(MediaError) {
        if case let .segments(length?, _) = configuration.cuts, length < 1_000_000_000 {
            throw .invalidSetting("segment must be at least 1 s")
        }
        self.configuration = configuration
        self.files = files
        finisher = SegmentFinisher(container: configuration.container, faststart: configuration.faststart, files: files)
        // A copy keeps the camera's keyframes, which may be further apart than the encoder's.
        ring = PacketRing(preRollNanoseconds: configuration.cuts.preRollNanoseconds,
                          limitSlackNanoseconds: configuration.copiesCameraStream ? 20_000_000_000 : 4_000_000_000)
        intervals = FrameIntervals(fps: configuration.settings.fps)
        grid = SegmentGrid(configuration.cuts)
    }

    /// Whether a file is open (for clips: whether a clip is).
    package var isClipOpen: Bool { open != nil }

    /// The frame rate in force (throttled or recovered): the gaps of frames appended from now
    /// on are measured against it.
    package func setFrameRate(_ fps: Double) { intervals.change(fps: fps) }

    /// Opens the encoder — and for segments the first file — before frames arrive: starting an
    /// encoder can take a second on a small board, and frames arriving meanwhile would be
    /// discarded. (A copied H.264 stream's file opens at its first keyframe.)
    package func prepare() throws {
        let source = try encoder()
        try openSound()
        if configuration.cuts.alwaysOpen, open == nil, source.canDescribe { try openFile(at: nil, until: .max, source: source) }
    }

    /// Encodes one frame and routes the packets that come out.
    /// - Throws: encoding errors; ``RecordingError/diskFull(path:)`` when the disk is full (the
    ///   file is filed with what fitted).
    @discardableResult
    package func append(_ frame: VideoFrame) throws -> [Change] {
        let time = frame.timestampNanoseconds
        if timeline == nil { timeline = CaptureTimeline(anchoredAt: frame) }
        let source = try encoder()
        intervals.frame(at: time)
        lastAppended = time
        if grid.isCut(frame, fileStarted: open?.span != nil, interval: intervals.latest) { source.forceKeyframe() }
        return try route(source.packets(for: frame))
    }

    /// A frame the throttle left out on purpose (a whole GOP of a copied stream, or a frame
    /// dropped to lower the rate): the open file's gap to it is not a loss.
    package func skip(_ frame: VideoFrame) {
        guard var current = open, current.span != nil else { return }
        current.span?.skip(timestamp: frame.timestampNanoseconds)
        open = current
    }

    /// The wall-clock time of a frame's capture time, on the same scale as the files'
    /// `startedAt`/`endedAt`.
    package func wallClock(of frame: VideoFrame) -> Date {
        if timeline == nil { timeline = CaptureTimeline(anchoredAt: frame) }
        return wall(frame.timestampNanoseconds)
    }

    /// Opens a clip with the ring's packets from the keyframe at or before `timestamp`; it
    /// runs until the first packet at or past `end`. With a clip open, extends it instead.
    package func openClip(from timestamp: Int64, until end: Int64) throws -> [Change] {
        guard open == nil else {
            extend(until: end)
            return []
        }
        try openFile(at: timestamp, until: end, source: encoder())
        var changes: [Change] = []
        let preRoll = ring.packets(from: timestamp)
        for packet in preRoll { try write(packet, changes: &changes) }
        if let last = preRoll.last { try sound?.flush(before: last.timestampNanoseconds + 1, into: open?.file) }
        return changes
    }

    /// Moves the open clip's end to `end` (never earlier than it is).
    package func extend(until end: Int64) {
        guard open != nil else { return }
        openUntil = max(openUntil, end)
    }

    /// The camera went away: the frames the encoder holds go into the open file, which is
    /// filed; the pre-roll is emptied and the next frame starts a new encoder (and file). A
    /// recorder that has encoded nothing yet keeps its encoder and prepared file.
    package func cameraLost() throws -> [Change] {
        guard let source, source.hasEncoded else { return [] }
        var changes = try route(source.drain())
        try flushSound(drained: false)
        close(endingBefore: nil, changes: &changes)
        ring.removeAll()
        self.source = nil
        timeline = nil
        grid.cameraLost()
        return changes
    }

    /// Drains the encoder, files the open file (a prepared one that got no packet is
    /// abandoned) and waits until every file is finished.
    @discardableResult
    package func finish() -> [Change] {
        var changes = (try? source.map { try route($0.drain()) }) ?? []
        try? flushSound(drained: true)
        close(endingBefore: nil, changes: &changes)
        finisher.waitUntilDone()
        return changes
    }

    // MARK: Routing

    private func encoder() throws -> any PacketSource {
        if let source { return source }
        let opened = try configuration.openSource()
        configuration.settings.encoderName = opened.encoderName  // no hardware probing again
        source = opened
        return opened
    }

    private func route(_ packets: [EncodedPacket]) throws -> [Change] {
        var changes: [Change] = []
        for packet in packets {
            if !configuration.cuts.alwaysOpen { ring.append(packet) }
            try place(packet, changes: &changes)
        }
        return changes
    }

    /// Writes a packet into the open file, cutting first where the policy says so.
    private func place(_ packet: EncodedPacket, changes: inout [Change]) throws {
        let time = packet.timestampNanoseconds
        try sound?.flush(before: time, into: open?.file)
        if open != nil, time >= openUntil {
            close(endingBefore: nil, changes: &changes)  // the clip is over
            return
        }
        if packet.isKeyframe, let first = open?.span?.firstTimestamp, startsNextFile(at: time, fileStart: first) {
            let until = openUntil
            close(endingBefore: time, changes: &changes)
            try openFile(at: time, until: until, source: encoder())
        } else if open == nil, configuration.cuts.alwaysOpen {
            try openFile(at: time, until: .max, source: encoder())
        }
        try write(packet, changes: &changes)
    }

    /// Whether the keyframe at `time` starts the next file: the segment boundary's frame, or
    /// a clip that reached its longest.
    private func startsNextFile(at time: Int64, fileStart: Int64) -> Bool {
        switch configuration.cuts {
        case .segments:
            return grid.takesCut(at: time)
        case let .clips(_, maxClip):
            return time - fileStart >= maxClip
        }
    }

    private func openFile(at time: Int64?, until end: Int64, source: any PacketSource) throws {
        let index = nextIndex
        // The name's time: on the clock's grid, from the newest frame's own wall clock, so a
        // file cut at 13:00:00 is named 13:00 however far the clock moved since the start.
        let date = time.map { grid.alignsToClock ? (grid.clock ?? timeline)?.wall($0) ?? wall($0) : wall($0) } ?? Date()
        let path = try files.reserve(index: index, date: date)
        var tags = configuration.metadata
        tags.creationTime = date
        do {
            let file = try MovieFile(path: path, container: configuration.container, source: source,
                                     rotation: configuration.rotation, mirror: configuration.mirror, metadata: tags,
                                     fragmentDuration: configuration.fragmentDuration, sound: sound?.sound)
            open = OpenFile(file: file, index: index)
            openUntil = end
            nextIndex += 1
        } catch {
            files.abandon(index: index)
            throw error
        }
    }

    private func write(_ packet: EncodedPacket, changes: inout [Change]) throws {
        guard var current = open else { return }
        let time = packet.timestampNanoseconds
        if current.span == nil {
            guard packet.isKeyframe else { return }  // a file starts at a keyframe
            current.span = SegmentSpan(index: current.index, firstTimestamp: time)
            grid.fileStarted(at: time, interval: intervals.latest)
            changes.append(.opened(index: current.index, startTimestamp: time))
        } else {
            current.span?.add(timestamp: time, interval: intervals.packet(at: time))
        }
        open = current
        do {
            try current.file.write(packet)
        } catch let error as AVError where error.isNoSpace {
            close(endingBefore: nil, truncated: "disk full", changes: &changes)
            finisher.waitUntilDone()
            throw RecordingError.diskFull(path: current.file.path.path)
        }
    }

    /// Hands the open file to the finisher, its span ending where `next` (the next file's
    /// first frame) begins or one interval after its last frame.
    private func close(endingBefore next: Int64?, truncated: String? = nil, changes: inout [Change]) {
        guard let current = open else { return }
        open = nil
        openUntil = .max
        grid.fileClosed()
        guard var span = current.span else {
            current.file.abandon()
            files.abandon(index: current.index)
            return
        }
        if let next { span.end(before: next, interval: intervals.ofPackets) } else { span.end(interval: intervals.ofPackets) }
        let end = span.endTimestamp ?? span.lastTimestamp
        finisher.finish(SegmentFinisher.Job(file: current.file, span: span, startedAt: wall(span.firstTimestamp),
                                            endedAt: wall(end), truncated: truncated))
        changes.append(.closed(index: current.index, endTimestamp: end))
    }

    private func wall(_ timestamp: Int64) -> Date { timeline?.wall(timestamp) ?? Date() }
}
