import CamschedCore
import CFFmpegShim
@testable import CamschedMedia
import CamschedV4L2
import Foundation
import Testing

/// The `file:` camera's frames: packed YU12 whatever the decoder produced.
@Suite struct YU12FramePackerTests {
    @Test func aPackedPictureIsHandedOnWithoutACopy() throws {
        let source = try SyntheticPattern.makeFrame(width: 320, height: 180, pixelFormat: .yu12, frameNumber: 41,
                                                    timestampNanoseconds: 0)
        let frame = try YU12FramePacker(width: 320, height: 180)
            .frame(from: source.wrappedAVFrame(), sequence: 7, timestampNanoseconds: 99, wallClock: Date())
        #expect(frame.bytes.baseAddress == source.bytes.baseAddress)
        #expect(frame.bytes.count == 320 * 180 * 3 / 2)
        #expect(frame.pixelFormat == .yu12 && frame.bytesPerLine == 320)
        #expect(frame.sequence == 7 && frame.timestampNanoseconds == 99)
    }

    @Test func aPictureWithPaddedRowsIsPackedWithTheSamePixels() throws {
        let width = 330, height = 180
        let source = try SyntheticPattern.makeFrame(width: width, height: height, pixelFormat: .yu12, frameNumber: 42,
                                                    timestampNanoseconds: 0)
        let padded = try OwnedAVFrame(width: width, height: height, format: AV_PIX_FMT_YUV420P)
        #expect(padded.lineSize(0) > width, "the premise: libav pads the rows")
        var offset = 0
        for (plane, (rowBytes, rows)) in [(width, height), (width / 2, height / 2), (width / 2, height / 2)].enumerated() {
            let target = try #require(padded.plane(plane))
            for row in 0..<rows {
                (target + row * padded.lineSize(plane)).update(
                    from: source.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset + row * rowBytes, count: rowBytes)
            }
            offset += rowBytes * rows
        }
        let frame = try YU12FramePacker(width: width, height: height)
            .frame(from: padded, sequence: 0, timestampNanoseconds: 0, wallClock: Date())
        #expect(frame.bytesPerLine == width)
        #expect(Data(frame.bytes) == Data(source.bytes))
    }

    @Test func anNV12PictureIsConvertedKeepingItsLuma() throws {
        let source = try SyntheticPattern.makeFrame(width: 320, height: 180, pixelFormat: .nv12, frameNumber: 43,
                                                    timestampNanoseconds: 0)
        let frame = try YU12FramePacker(width: 320, height: 180)
            .frame(from: source.wrappedAVFrame(), sequence: 0, timestampNanoseconds: 0, wallClock: Date())
        #expect(frame.bytes.count == 320 * 180 * 3 / 2)
        #expect(SyntheticPattern.readFrameNumber(fromLuma: frame.bytes, width: 320, height: 180, stride: 320) == 43)
        #expect(Data(frame.bytes.prefix(320 * 180)) == Data(source.bytes.prefix(320 * 180)))
    }

    @Test func oddSizesAreRoundedDownToEven() throws {
        let packer = YU12FramePacker(width: 331, height: 181)
        #expect(packer.width == 330 && packer.height == 180)
    }
}
