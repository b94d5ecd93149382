import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

/// A trigger job's ``MovieRecorder``: the same encoder → packet → file pipeline as a
/// recording, cut into clips that start with the pre-roll from a keyframe.
@Suite struct ClipCutTests {
    static func recorder(_ collector: SegmentCollector, preRoll: Double, maxClip: Double) throws -> MovieRecorder {
        try MovieRecorder(.init(settings: MovieWriterTests.settings(), inputFormat: .yu12,
                                cuts: .clips(preRollNanoseconds: Int64(preRoll * 1e9), maxClipNanoseconds: Int64(maxClip * 1e9))),
                          files: collector)
    }

    /// Capture time of `seconds` into the stream (``PatternSource`` starts at 5 s).
    static func ns(_ seconds: Double) -> Int64 { 5_000_000_000 + Int64((seconds * 1e9).rounded()) }

    /// Frames `range` at 30 fps (frame n at n/30 s), calling `before` ahead of each one, as the
    /// trigger mode reacts to a frame before it is encoded.
    static func feed(_ recorder: MovieRecorder, _ range: Range<Int>,
                     before: (Int) throws -> [MovieRecorder.Change] = { _ in [] }) throws -> [MovieRecorder.Change] {
        var changes: [MovieRecorder.Change] = []
        for number in range {
            changes += try before(number)
            changes += try recorder.append(try PatternSource.frame(number, at: Double(number) / 30))
        }
        return changes
    }

    @Test func aClipStartsAtThePreRollsKeyframeAndEndsAtItsEnd() throws {
        let directory = try TemporaryDirectory()
        let collector = SegmentCollector(directory: directory.url, fileExtension: "mp4")
        let recorder = try Self.recorder(collector, preRoll: 1, maxClip: 60)
        // An event at frame 60 (2 s): the clip starts at the keyframe at or before 1 s (frame 30)
        // and runs until the first frame at or past 2.5 s (frame 75).
        var changes = try Self.feed(recorder, 0..<90) { number in
            number == 60 ? try recorder.openClip(from: Self.ns(1), until: Self.ns(2.5)) : []
        }
        changes += recorder.finish()
        let clips = collector.segments
        #expect(clips.count == 1)
        #expect(try PatternSource.frameNumbers(in: try #require(clips.first).path) == (30..<75).map { UInt32($0) })
        #expect(changes == [.opened(index: 0, startTimestamp: Self.ns(1)), .closed(index: 0, endTimestamp: Self.ns(2.5))])
        #expect(clips.first?.droppedFrames == 0)
        #expect(abs((clips.first?.stats.durationSeconds ?? 0) - 1.5) < 0.01)
    }

    @Test func extendingMovesTheEndAndMaxClipSplitsAtAKeyframeWithoutAGap() throws {
        let directory = try TemporaryDirectory()
        let collector = SegmentCollector(directory: directory.url, fileExtension: "mp4")
        let recorder = try Self.recorder(collector, preRoll: 0.5, maxClip: 2)
        // An event at 1 s from 0.5 s until 2 s, extended at 1.5 s until 4.5 s: the clip starts
        // at the keyframe at 0 s and is split at the keyframes of 2 and 4 s.
        _ = try Self.feed(recorder, 0..<150) { number in
            switch number {
            case 30: return try recorder.openClip(from: Self.ns(0.5), until: Self.ns(2))
            case 45:
                recorder.extend(until: Self.ns(4.5))
                recorder.extend(until: Self.ns(3))  // never earlier
                return []
            default: return []
            }
        }
        recorder.finish()
        let clips = collector.segments
        #expect(clips.map(\.index) == [0, 1, 2])
        #expect(clips.map(\.stats.framesWritten) == [60, 60, 15])
        var numbers: [UInt32?] = []
        for clip in clips { numbers += try PatternSource.frameNumbers(in: clip.path) }
        #expect(numbers == (0..<135).map { UInt32($0) }, "no frame lost or repeated across the split")
        #expect(clips[0].endedAt == clips[1].startedAt && clips[1].endedAt == clips[2].startedAt)
    }

    @Test func aLostCameraFilesTheOpenClipWithTheEncodersFramesAndForgetsThePreRoll() throws {
        let directory = try TemporaryDirectory()
        let collector = SegmentCollector(directory: directory.url, fileExtension: "mp4")
        let recorder = try Self.recorder(collector, preRoll: 1, maxClip: 60)
        _ = try Self.feed(recorder, 0..<40) { number in
            number == 35 ? try recorder.openClip(from: Self.ns(0.9), until: Self.ns(10)) : []
        }
        let lost = try recorder.cameraLost()
        #expect(lost == [.closed(index: 0, endTimestamp: Self.ns(40.0 / 30))], "\(lost)")
        #expect(recorder.ring.count == 0 && !recorder.isClipOpen)
        // Back at 2 s: a clip from 1.5 s has no pre-roll before the camera's return.
        _ = try Self.feed(recorder, 60..<90) { number in
            number == 75 ? try recorder.openClip(from: Self.ns(1.5), until: Self.ns(10)) : []
        }
        recorder.finish()
        let clips = collector.segments
        #expect(clips.count == 2)
        #expect(try PatternSource.frameNumbers(in: clips[0].path) == (0..<40).map { UInt32($0) })
        #expect(try PatternSource.frameNumbers(in: clips[1].path) == (60..<90).map { UInt32($0) })
    }
}
