import CamschedCore
import CFFmpegShim
@testable import CamschedMedia
import CamschedV4L2
import Foundation
import Testing

@Suite struct FrameConverterTests {
    @Test func matchingFormatIsNotCopiedAndKeepsTheFrameAlive() throws {
        let flag = ReleaseFlag()
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 320 * 180 * 3 / 2, alignment: 64)
        try SyntheticPattern.fill(storage, width: 320, height: 180, bytesPerLine: 320, pixelFormat: .nv12,
                                  frameNumber: 77, timestampNanoseconds: 0)
        var frame: VideoFrame? = VideoFrame(
            width: 320, height: 180, pixelFormat: .nv12, bytesPerLine: 320,
            memory: FrameMemory(taking: storage, count: storage.count) {
                flag.set()
                $0.deallocate()
            },
            sequence: 1, timestampNanoseconds: 0, wallClock: Date())
        let converter = FrameConverter(targetFormat: AV_PIX_FMT_NV12)
        var picture: OwnedAVFrame? = try converter.convert(try #require(frame))
        #expect(picture?.plane(0).map { UnsafeRawPointer($0) } == UnsafeRawPointer(storage.baseAddress))
        frame = nil
        #expect(!flag.isSet, "the AVFrame still references the camera memory")
        #expect(SyntheticPattern.readFrameNumber(from: try #require(picture)) == 77)
        picture = nil
        #expect(flag.isSet)
    }

    @Test func yv12PlanesAreSwapped() throws {
        let yu12 = try PatternSource.frame(1, at: 0)
        // Build a YV12 frame: same luma, chroma planes in the other order.
        var bytes = [UInt8](yu12.bytes)
        let luma = 320 * 180, chroma = 160 * 90
        let cb = Array(bytes[luma..<luma + chroma]), cr = Array(bytes[luma + chroma..<luma + 2 * chroma])
        bytes.replaceSubrange(luma..<luma + chroma, with: cr)
        bytes.replaceSubrange(luma + chroma..<luma + 2 * chroma, with: cb)
        let yv12 = bytes.withUnsafeBytes {
            VideoFrame(width: 320, height: 180, pixelFormat: PixelFormatMapping.yv12, bytesPerLine: 320, copying: $0,
                       sequence: 0, timestampNanoseconds: 0, wallClock: Date())
        }
        let converter = FrameConverter(targetFormat: AV_PIX_FMT_RGB24)
        let a = try converter.convert(yu12), b = try converter.convert(yv12)
        #expect(memcmp(try #require(a.plane(0)), try #require(b.plane(0)), a.lineSize(0) * 180) == 0)
    }

    @Test func shortFramesAreRejected() {
        let frame = [UInt8](repeating: 0, count: 100).withUnsafeBytes {
            VideoFrame(width: 320, height: 180, pixelFormat: .yuyv, bytesPerLine: 640, copying: $0, sequence: 0,
                       timestampNanoseconds: 0, wallClock: Date())
        }
        #expect(throws: MediaError.frameTooSmall(needed: 640 * 180, available: 100)) {
            _ = try FrameConverter(targetFormat: AV_PIX_FMT_YUV420P).convert(frame)
        }
    }

    @Test func forcedKeyframesAreKeyframes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("k.mkv.partial")
        let writer = try MovieWriter(path: path, container: .mkv, settings: MovieWriterTests.settings(), inputFormat: .yu12)
        for number in 0..<20 {
            if number == 13 { writer.forceKeyframe() }
            try writer.append(try PatternSource.frame(number, at: Double(number) / 30))
        }
        _ = try writer.finish()
        let reader = try MovieReader(url: path)
        var keyframes: [Int] = []
        var index = 0
        while let frame = try reader.nextFrame() {
            if frame.picture.pointer.pointee.key_frame != 0 { keyframes.append(index) }
            index += 1
        }
        #expect(keyframes == [0, 13])
    }
}
