import CamschedCore
import CFFmpegShim
@testable import CamschedMedia
import CamschedV4L2
import Testing

@Suite struct SyntheticPatternTests {
    @Test(arguments: [FourCC.yuyv, .nv12, .yu12, .mjpg])
    func readsBackFrameNumberAndTimestamp(format: FourCC) throws {
        let frame = try PatternSource.frame(123_456, at: 1.5, width: 640, height: 360, format: format)
        #expect(frame.pixelFormat == format)
        let luma = try FrameConverter(targetFormat: AV_PIX_FMT_GRAY8).convert(frame)
        #expect(SyntheticPattern.readFrameNumber(from: luma) == 123_456)
        let plane = try #require(luma.plane(0))
        let bytes = UnsafeRawBufferPointer(start: plane, count: luma.lineSize(0) * luma.height)
        #expect(SyntheticPattern.readTimestampMilliseconds(fromLuma: bytes, width: 640, height: 360, stride: luma.lineSize(0))
                == UInt32(5_000 + 1_500))
    }

    @Test func rejectsGarbage() {
        let grey = [UInt8](repeating: 128, count: 320 * 180)
        grey.withUnsafeBytes { bytes in
            #expect(SyntheticPattern.readFrameNumber(fromLuma: bytes, width: 320, height: 180, stride: 320) == nil)
        }
    }

    @Test func boxMovesBetweenFrames() throws {
        let first = try PatternSource.frame(0, at: 0)
        let second = try PatternSource.frame(10, at: 0.33)
        let codeBytes = 320 * 32
        #expect(Array(first.bytes[codeBytes..<(320 * 180)]) != Array(second.bytes[codeBytes..<(320 * 180)]))
    }

    @Test func tooSmallIsAnError() {
        #expect(throws: MediaError.self) { try PatternSource.frame(0, at: 0, width: 160, height: 120) }
    }
}
