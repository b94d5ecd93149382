import CamschedCore
import CamschedV4L2
@testable import CamschedMedia
import Foundation
import Testing

/// A recording's ``MovieRecorder``: one continuous encoder, cut into segment files at keyframes.
@Suite struct SegmentCutTests {
    static func writer(_ collector: SegmentCollector, container: MovieContainer = .mp4, segment: Double? = 2,
                       format: FourCC = .yuyv) throws -> MovieRecorder {
        try MovieRecorder(.init(settings: MovieWriterTests.settings(), container: container, inputFormat: format,
                                metadata: MovieMetadata(title: "garden", runID: "9"),
                                cuts: .segments(lengthNanoseconds: segment.map { Int64($0 * 1e9) })), files: collector)
    }

    @Test(arguments: MovieContainer.allCases)
    func segmentsAreGaplessAndSumToTheTotal(container: MovieContainer) throws {
        let directory = try TemporaryDirectory()
        let collector = SegmentCollector(directory: directory.url, fileExtension: container.fileExtension)
        let recorder = try Self.writer(collector, container: container)
        // 5 s at 30 fps, with a slower stretch in the middle.
        var times: [Double] = (0..<60).map { Double($0) / 30 }
        times += (0..<15).map { 2 + Double($0) / 15 }
        times += (0..<60).map { 3 + Double($0) / 30 }
        for (number, time) in times.enumerated() {
            try recorder.append(try PatternSource.frame(number, at: time, format: .yuyv))
        }
        recorder.finish()
        let segments = collector.segments
        #expect(segments.map(\.index) == [0, 1, 2])
        #expect(segments.map(\.stats.framesWritten) == [60, 45, 30])
        var all: [UInt32?] = []
        for segment in segments {
            #expect(segment.finalizationError == nil && segment.truncated == nil)
            #expect(segment.stats.firstPts == 0)
            let numbers = try PatternSource.frameNumbers(in: segment.path)
            #expect(numbers.count == segment.stats.framesWritten)
            if container == .mp4 { #expect(!(try ExternalTool.topLevelBoxes(segment.path)).contains("moof")) }
            all += numbers
        }
        #expect(all == (0..<times.count).map { UInt32($0) }, "no frame lost or repeated across files")
        // The boundary frames (60 at 2.0 s, 105 at 4.0 s) open their files.
        #expect(segments[1].stats.firstSequence == 60 && segments[2].stats.firstSequence == 105)
        #expect(abs(segments[1].stats.durationSeconds - 2) < 0.01)
        // Consecutive files meet exactly: one's end is the next one's start.
        #expect(segments[0].endedAt == segments[1].startedAt && segments[1].endedAt == segments[2].startedAt)
    }

    @Test func framesPlusDroppedIsTheSpanAtTheRateInForce() throws {
        let directory = try TemporaryDirectory()
        let collector = SegmentCollector(directory: directory.url, fileExtension: "mp4")
        let recorder = try Self.writer(collector, segment: 2)
        // 6 s at 30 fps with frames 10…14 and 70 lost; from 3 s to 4 s throttled to 15 fps,
        // then back at 30 fps. The encoder hands packets out a few frames late: the frames of
        // 15 fps still in it when 30 fps is back must not count as drops.
        var number = 0
        for index in 0..<180 where !(10..<15).contains(index) && index != 70 && (index < 90 || index >= 120 || index % 2 == 0) {
            if index == 90 { recorder.setFrameRate(15) }
            if index == 120 { recorder.setFrameRate(30) }
            try recorder.append(try PatternSource.frame(number, at: Double(index) / 30, format: .yuyv))
            number += 1
        }
        recorder.finish()
        let segments = collector.segments
        #expect(segments.map(\.stats.framesWritten) == [55, 44, 60])
        #expect(segments.map(\.droppedFrames) == [5, 1, 0])
        // Segment 0 spans 0…2 s at 30 fps = 60 frames; segment 1 spans 2…3 s at 30 fps and
        // 3…4 s at 15 fps = 30 + 15 frames; segment 2 is 4…6 s at 30 fps again.
        #expect(segments[0].stats.framesWritten + segments[0].droppedFrames == 60)
        #expect(segments[1].stats.framesWritten + segments[1].droppedFrames == 45)
        #expect(abs(segments[0].measuredFPS - 27.5) < 0.01)
    }

    @Test func closingAFileAtALossStartsTheNextOnTheSameGrid() throws {
        let directory = try TemporaryDirectory()
        let collector = SegmentCollector(directory: directory.url, fileExtension: "mp4")
        let recorder = try Self.writer(collector, segment: 2)
        for index in 0..<30 { try recorder.append(try PatternSource.frame(index, at: Double(index) / 30, format: .yuyv)) }
        _ = try recorder.cameraLost()  // the camera went away at 1 s and is back at 1.5 s
        for index in 45..<90 { try recorder.append(try PatternSource.frame(index, at: Double(index) / 30, format: .yuyv)) }
        recorder.finish()
        let segments = collector.segments
        #expect(segments.map(\.stats.framesWritten) == [30, 15, 30], "0–1 s, 1.5–2 s, 2–3 s")
        #expect(segments.map(\.droppedFrames) == [0, 0, 0], "a gap is an interruption, not dropped frames")
        #expect(segments[1].endedAt == segments[2].startedAt)
        #expect(segments[0].endedAt < segments[1].startedAt)
    }

    @Test func aPreparedFileThatGetsNoFrameIsAbandoned() throws {
        let directory = try TemporaryDirectory()
        let collector = SegmentCollector(directory: directory.url, fileExtension: "mp4")
        let recorder = try Self.writer(collector, segment: Double?.none)
        try recorder.prepare()
        recorder.finish()
        #expect(collector.segments.isEmpty && collector.abandonedIndices == [0])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func keepsTheCompleteFragmentsOfAFileCutMidFragment() throws {
        let directory = try TemporaryDirectory()
        let collector = SegmentCollector(directory: directory.url, fileExtension: "mp4")
        let recorder = try Self.writer(collector, segment: Double?.none)
        for index in 0..<60 { try recorder.append(try PatternSource.frame(index, at: Double(index) / 30, format: .yuyv)) }
        recorder.finish()
        // Cut a fragmented copy in the middle of its last fragment, as a full disk would.
        let fragmented = directory.file("cut.mp4")
        let input = try #require(collector.segments.first).path
        _ = try ExternalTool.run("ffmpeg", ["-v", "error", "-i", input.path, "-c", "copy", "-movflags",
                                            "+frag_keyframe+empty_moov+default_base_moof", "-frag_duration", "500000", fragmented.path])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: fragmented.path)[.size] as? Int)
        let handle = try FileHandle(forWritingTo: fragmented)
        try handle.truncate(atOffset: UInt64(size - 300))
        try handle.close()
        let kept = SegmentFinisher.keepCompleteFragments(of: fragmented, container: .mp4)
        #expect(kept.frames > 0 && kept.frames < 60, "whole fragments only: \(kept.frames)")
        #expect(try PatternSource.frameNumbers(in: fragmented).count == kept.frames)
        // What it holds ends at its own last frame (frames every 1/30 s = 3000 ticks).
        #expect(kept.lastPts == Int64(kept.frames - 1) * 3000, "\(kept)")
    }

    @Test func rejectsTinySegments() {
        #expect(throws: MediaError.self) {
            let directory = URL(fileURLWithPath: "/tmp")
            _ = try Self.writer(SegmentCollector(directory: directory, fileExtension: "mp4"), segment: 0.5)
        }
    }
}
