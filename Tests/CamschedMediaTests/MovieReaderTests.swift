import CamschedCore
@testable import CamschedMedia
import CamschedV4L2
import Foundation
import Testing

/// What the `file:` camera needs of MovieReader: rate, times, and a rewind that plays it all again.
@Suite struct MovieReaderTests {
    @Test func rewindPlaysEveryFrameAgainWithTheSameTimes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("clip.mp4")
        let writer = try MovieWriter(path: path, settings: MovieWriterTests.settings(fps: 25), inputFormat: .yu12,
                                     syncsToDisk: false)
        for number in 0..<20 { try writer.append(try PatternSource.frame(number, at: Double(number) / 25)) }
        _ = try writer.finish()

        let reader = try MovieReader(url: path)
        #expect(abs(reader.frameRate - 25) < 0.01)
        let first = try reader.readAll()
        try reader.rewind()
        let second = try reader.readAll()
        #expect(first.count == 20 && second.count == 20)
        #expect(first.compactMap { SyntheticPattern.readFrameNumber(from: $0.picture) } == (0..<20).map { UInt32($0) })
        #expect(second.compactMap { SyntheticPattern.readFrameNumber(from: $0.picture) } == (0..<20).map { UInt32($0) })
        let times = first.map { $0.presentationNanoseconds - first[0].presentationNanoseconds }
        #expect(times == (0..<20).map { Int64($0) * 40_000_000 })
        #expect(second.map(\.presentationNanoseconds) == first.map(\.presentationNanoseconds))
    }
}
