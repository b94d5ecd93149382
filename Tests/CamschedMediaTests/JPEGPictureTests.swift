import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

/// A camera's JPEG read by libjpeg-turbo (``JPEGPicture``) gives the brightness and colour cast
/// that FFmpeg's decoder gave (``CompressedFrameDecoder``), for 4:2:0 and 4:2:2 JPEGs, so a
/// still's `light` and the exposure ramp mean the same as before without loading FFmpeg.
@Suite struct JPEGPictureTests {
    static func compressed(_ data: Data, width: Int, height: Int) -> VideoFrame {
        data.withUnsafeBytes {
            VideoFrame(width: width, height: height, pixelFormat: .mjpg, bytesPerLine: 0, copying: $0, sequence: 7,
                       timestampNanoseconds: 42, wallClock: Date())
        }
    }

    /// The FFmpeg path's reading of the same frame.
    static func ffmpegReading(_ frame: VideoFrame) throws -> FrameMeter.Reading {
        let decoder = try CompressedFrameDecoder(format: .mjpg)
        decoder.feed(frame)
        // Its picture is video-range YU12 (swscale converts the JPEG's full range).
        return try #require(decoder.picture().flatMap { FrameMeter.measureRaw($0) })
    }

    @Test(arguments: [FourCC.yuyv, .nv12], [0 as UInt32, 45, 130])
    func theTestPatternReadsAsFFmpegReadIt(layout: FourCC, frameNumber: UInt32) throws {
        let raw = try SyntheticPattern.makeFrame(width: 640, height: 360, pixelFormat: layout, frameNumber: frameNumber,
                                                 timestampNanoseconds: 0)
        // From YUYV a 4:2:2 JPEG (as UVC cameras send), from NV12 a 4:2:0 one.
        let frame = Self.compressed(try StillEncoder().still(raw, format: .jpeg, quality: 85, exif: nil), width: 640, height: 360)
        let picture = try #require(JPEGPicture.yu12(of: frame))
        #expect(picture.width == 640 && picture.height == 360 && picture.pixelFormat == .yu12 && picture.bytes.count == 640 * 360 * 3 / 2)
        #expect(picture.sequence == 7 && picture.timestampNanoseconds == 42)
        let fast = try #require(FrameMeter().measure(frame))
        let ffmpeg = try Self.ffmpegReading(frame)
        #expect(abs(fast.brightness - ffmpeg.brightness) < 0.002, "libjpeg \(fast), FFmpeg \(ffmpeg)")
        #expect(abs((fast.blueCast ?? 9) - (ffmpeg.blueCast ?? 0)) < 0.01, "libjpeg \(fast), FFmpeg \(ffmpeg)")
        #expect(abs((fast.redCast ?? 9) - (ffmpeg.redCast ?? 0)) < 0.01, "libjpeg \(fast), FFmpeg \(ffmpeg)")
    }

    /// Flat frames far from mid-grey, where reading the range wrongly shows most (the FFmpeg path
    /// read a JPEG of video-range 180 as 0.706 instead of 0.749 before this was fixed).
    @Test(arguments: [30 as UInt8, 126, 180, 230])
    func aFlatJPEGReadsAsItsRawFrameOnBothPaths(luma: UInt8) throws {
        let raw = FrameMeterTests.yuyv(y: luma, u: 128, v: 128)
        let frame = Self.compressed(try StillEncoder().still(raw, format: .jpeg, quality: 95, exif: nil), width: 320, height: 180)
        let expected = try #require(FrameMeter.measureRaw(raw)).brightness
        let reading = try #require(FrameMeter().measure(frame))
        let ffmpeg = try Self.ffmpegReading(frame)
        #expect(abs(reading.brightness - expected) < 0.005, "libjpeg \(reading), raw \(expected)")
        #expect(abs(ffmpeg.brightness - expected) < 0.005, "FFmpeg \(ffmpeg), raw \(expected)")
        #expect(abs(reading.blueCast ?? 1) < 0.01 && abs(reading.redCast ?? 1) < 0.01, "\(reading)")
    }

    @Test func bytesThatAreNoJPEGOrAnotherSizeGiveNoPicture() throws {
        let garbage = Self.compressed(Data(repeating: 0x5a, count: 4096), width: 320, height: 180)
        #expect(JPEGPicture.yu12(of: garbage) == nil)
        let raw = FrameMeterTests.yuyv(y: 100, u: 128, v: 128)
        let jpeg = try StillEncoder().still(raw, format: .jpeg, quality: 90, exif: nil)
        #expect(JPEGPicture.yu12(of: Self.compressed(jpeg, width: 640, height: 360)) == nil)
        #expect(JPEGPicture.yu12(of: Self.compressed(jpeg.prefix(200), width: 320, height: 180)) == nil)
    }
}
