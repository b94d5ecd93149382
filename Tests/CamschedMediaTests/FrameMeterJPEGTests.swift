import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

/// A camera's JPEG metered by libjpeg-turbo at 1/8 scale (``JPEGLevels``) gives the brightness
/// and colour cast that FFmpeg's full decode gives (``CompressedFrameDecoder``), for 4:2:0 and
/// 4:2:2 JPEGs, so a still's `light` and the exposure ramp mean the same without loading FFmpeg
/// or decoding every pixel.
@Suite struct FrameMeterJPEGTests {
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

    /// The mean of every pixel of FFmpeg's full decode of the frame (not the meter's grid of
    /// samples, which on the test pattern is up to 3 levels off the mean).
    static func ffmpegMeans(_ frame: VideoFrame) throws -> FrameMeter.Reading {
        let decoder = try CompressedFrameDecoder(format: .mjpg)
        decoder.feed(frame)
        let picture = try #require(decoder.picture())
        let (width, height, stride) = (picture.width, picture.height, picture.bytesPerLine)
        let bytes = try #require(picture.bytes.baseAddress).assumingMemoryBound(to: UInt8.self)
        func mean(_ start: Int, _ w: Int, _ h: Int, _ rowStride: Int) -> Double {
            var sum = 0
            for y in 0..<h { for x in 0..<w { sum += Int(bytes[start + y * rowStride + x]) } }
            return Double(sum) / Double(w * h)
        }
        let lumaPlane = height * stride, quarter = (height / 2) * (stride / 2)
        // Video range (swscale converts the JPEG's full range), as the raw frames are read.
        return FrameMeter.Reading(brightness: (mean(0, width, height, stride) - 16) / 219,
                                  blueCast: (mean(lumaPlane, width / 2, height / 2, stride / 2) - 128) / 112,
                                  redCast: (mean(lumaPlane + quarter, width / 2, height / 2, stride / 2) - 128) / 112)
    }

    @Test(arguments: [FourCC.yuyv, .nv12], [0 as UInt32, 45, 130])
    func theTestPatternReadsAsFFmpegReadIt(layout: FourCC, frameNumber: UInt32) throws {
        let raw = try SyntheticPattern.makeFrame(width: 640, height: 360, pixelFormat: layout, frameNumber: frameNumber,
                                                 timestampNanoseconds: 0)
        // From YUYV a 4:2:2 JPEG (as UVC cameras send), from NV12 a 4:2:0 one.
        let frame = Self.compressed(try StillEncoder().still(raw, format: .jpeg, quality: 85, exif: nil), width: 640, height: 360)
        let meter = FrameMeter()
        let fast = try #require(meter.measure(frame))
        // Only each 8x8 block's mean was decoded, with chroma (the cast was asked for).
        let levels = try #require(meter.lastJPEG)
        #expect(levels.decodedWidth == 80 && levels.decodedHeight == 45 && levels.imageWidth == 640 && levels.imageHeight == 360)
        #expect(levels.blue != nil && levels.red != nil)
        // Within a level of 255 of the mean of FFmpeg's full decode.
        let ffmpeg = try Self.ffmpegMeans(frame)
        #expect(abs(fast.brightness - ffmpeg.brightness) < 1.0 / 255, "libjpeg \(fast), FFmpeg \(ffmpeg)")
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

    /// Without the cast, a JPEG's chroma is not decoded: the reading has none, the brightness is the same.
    @Test func withoutTheCastOnlyTheLumaIsDecoded() throws {
        let raw = FrameMeterTests.yuyv(y: 150, u: 100, v: 170)
        let frame = Self.compressed(try StillEncoder().still(raw, format: .jpeg, quality: 90, exif: nil), width: 320, height: 180)
        let meter = FrameMeter()
        let colour = try #require(meter.measure(frame))
        #expect((colour.blueCast ?? 0) < -0.2 && (colour.redCast ?? 0) > 0.3, "\(colour)")
        let grey = try #require(meter.measure(frame, cast: false))
        #expect(grey.blueCast == nil && grey.redCast == nil && meter.lastJPEG?.blue == nil)
        #expect(grey.brightness == colour.brightness)
    }

    /// Bytes that are no JPEG go to FFmpeg, which cannot read them either; a JPEG cut short is
    /// not read at all (libjpeg would fill its missing part with grey).
    @Test func bytesThatAreNoJPEGOrAreCutShortGiveNoReading() throws {
        let garbage = Self.compressed(Data(repeating: 0x5a, count: 4096), width: 320, height: 180)
        #expect(FrameMeter().measure(garbage) == nil)
        let raw = FrameMeterTests.yuyv(y: 100, u: 128, v: 128)
        let jpeg = try StillEncoder().still(raw, format: .jpeg, quality: 90, exif: nil)
        #expect(FrameMeter().measure(Self.compressed(jpeg.prefix(jpeg.count / 2), width: 320, height: 180)) == nil)
        #expect(FrameMeter().measure(Self.compressed(jpeg.prefix(200), width: 320, height: 180)) == nil)
        #expect(FrameMeter().measure(Self.compressed(jpeg, width: 320, height: 180)) != nil)
    }
}
