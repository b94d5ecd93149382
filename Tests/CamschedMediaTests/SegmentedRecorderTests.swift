@testable import CamschedMedia
import Foundation
import Testing

@Suite struct SegmentedRecorderTests {
    @Test(arguments: MovieContainer.allCases)
    func segmentsAreGaplessAndSumToTheTotal(container: MovieContainer) throws {
        let directory = try TemporaryDirectory()
        let collector = SegmentCollector()
        let recorder = try SegmentedRecorder(
            segmentDuration: 2, container: container, settings: MovieWriterTests.settings(), inputFormat: .yuyv,
            metadata: MovieMetadata(title: "garden", runID: "9"),
            nextPath: { directory.file(String(format: "seg-%03d.\(container.fileExtension).partial", $0)) },
            onSegment: { collector.add($0) })
        // 5 s at 30 fps, with a slower stretch in the middle.
        var times: [Double] = (0..<60).map { Double($0) / 30 }
        times += (0..<15).map { 2 + Double($0) / 15 }
        times += (0..<60).map { 3 + Double($0) / 30 }
        for (number, time) in times.enumerated() {
            try recorder.append(try PatternSource.frame(number, at: time, format: .yuyv))
        }
        let result = try recorder.finish()
        #expect(result.segments == 3 && result.frames == times.count)
        let segments = collector.segments.sorted { $0.index < $1.index }
        #expect(segments.map(\.index) == [0, 1, 2])
        #expect(segments.map(\.stats.framesWritten) == [60, 45, 30])
        var all: [UInt32?] = []
        for segment in segments {
            #expect(segment.finalizationError == nil)
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
    }

    @Test func rejectsTinySegments() {
        #expect(throws: MediaError.self) {
            _ = try SegmentedRecorder(segmentDuration: 0.5, settings: MovieWriterTests.settings(), inputFormat: .yu12,
                                      nextPath: { URL(fileURLWithPath: "/tmp/\($0)") }, onSegment: { _ in })
        }
    }
}
