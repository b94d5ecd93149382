import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

/// Picking a frame by time (the report's contact sheet): the first frame at or after the time,
/// forward and backward, through key frames one second apart.
@Suite struct MovieReaderSeekTests {
    @Test func theFrameAtOrAfterATimeIsFoundForwardAndBackward() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.mp4")
        let writer = try MovieWriter(path: path, settings: MovieWriterTests.settings(fps: 25), inputFormat: .yu12,
                                     syncsToDisk: false)
        for number in 0..<75 { try writer.append(try PatternSource.frame(number, at: Double(number) / 25)) }
        _ = try writer.finish()

        let reader = try MovieReader(url: path)
        let first = try #require(try reader.nextFrame())
        #expect(SyntheticPattern.readFrameNumber(from: first.picture) == 0)
        let origin = first.presentationNanoseconds
        // 1.5 s is frame 37.5: the first at or after it is 38; 0.2 s (backward) is frame 5.
        for (seconds, expected) in [(1.5, 38), (0.2, 5), (2.96, 74), (0, 0), (1.0, 25)] {
            let frame = try #require(try reader.frame(atOrAfterNanoseconds: origin + Int64(seconds * 1e9)))
            #expect(SyntheticPattern.readFrameNumber(from: frame.picture) == UInt32(expected), "at \(seconds) s")
            #expect(frame.presentationNanoseconds - origin == Int64(expected) * 40_000_000)
        }
        #expect(try reader.frame(atOrAfterNanoseconds: origin + 3_100_000_000) == nil, "past the last frame")
    }
}
