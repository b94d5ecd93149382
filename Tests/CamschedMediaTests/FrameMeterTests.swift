import CamschedCore
import CamschedMedia
import Foundation
import Testing

/// The brightness and colour cast the exposure and white-balance ramps meter: exact on raw
/// frames of known values, and the same (within JPEG's rounding) on a camera's JPEG.
@Suite struct FrameMeterTests {
    static func yuyv(width: Int = 320, height: Int = 180, y: UInt8, u: UInt8, v: UInt8) -> VideoFrame {
        var bytes = [UInt8]()
        for _ in 0..<(width * height / 2) { bytes += [y, u, y, v] }
        return bytes.withUnsafeBytes {
            VideoFrame(width: width, height: height, pixelFormat: .yuyv, bytesPerLine: width * 2, copying: $0, sequence: 0,
                       timestampNanoseconds: 0, wallClock: Date())
        }
    }

    @Test func aFlatYUYVFrameReadsItsValues() throws {
        let reading = try #require(FrameMeter.measureRaw(Self.yuyv(y: 102, u: 160, v: 96)))
        // Video range: 16 is black, 235 white.
        #expect(reading.brightness == (102.0 - 16) / 219)
        #expect(reading.blueCast == 32.0 / 112 && reading.redCast == -32.0 / 112)
        #expect(FrameMeter.measureRaw(Self.yuyv(y: 16, u: 128, v: 128))?.brightness == 0)
        #expect(FrameMeter.measureRaw(Self.yuyv(y: 235, u: 128, v: 128))?.brightness == 1)
        #expect(FrameMeter.measureRaw(Self.yuyv(y: 250, u: 128, v: 128))?.brightness == 1)
    }

    @Test func anNV12FrameReadsLumaAndChroma() throws {
        let (width, height) = (64, 48)
        var bytes = [UInt8](repeating: 200, count: width * height)
        // Top half black, bottom half at 200: the mean is 100.
        for index in 0..<(width * height / 2) { bytes[index] = 0 }
        for _ in 0..<(width * height / 4) { bytes += [128, 140] }
        let frame = bytes.withUnsafeBytes {
            VideoFrame(width: width, height: height, pixelFormat: .nv12, bytesPerLine: width, copying: $0, sequence: 0,
                       timestampNanoseconds: 0, wallClock: Date())
        }
        let reading = try #require(FrameMeter.measureRaw(frame))
        #expect(reading.brightness == (100.0 - 16) / 219)
        #expect(reading.blueCast == 0 && reading.redCast == 12.0 / 112)
    }

    @Test func aCompressedFrameIsDecodedFirst() throws {
        let raw = Self.yuyv(y: 180, u: 128, v: 128)
        let jpeg = try StillEncoder().still(raw, format: .jpeg, quality: 95, exif: nil)
        let frame = jpeg.withUnsafeBytes {
            VideoFrame(width: 320, height: 180, pixelFormat: .mjpg, bytesPerLine: 0, copying: $0, sequence: 0,
                       timestampNanoseconds: 0, wallClock: Date())
        }
        #expect(FrameMeter.measureRaw(frame) == nil)
        let reading = try #require(FrameMeter().measure(frame))
        // A JPEG is full range (a camera's MJPEG is): the encoder expands video-range 180 to
        // 191, read as 191/255, the raw frame's (180 - 16) / 219.
        #expect(abs(reading.brightness - 191.0 / 255) < 0.01, "\(reading)")
    }

    @Test func aFrameTooShortForItsSizeIsNotRead() {
        let bytes = [UInt8](repeating: 0, count: 100)
        let frame = bytes.withUnsafeBytes {
            VideoFrame(width: 320, height: 180, pixelFormat: .nv12, bytesPerLine: 320, copying: $0, sequence: 0,
                       timestampNanoseconds: 0, wallClock: Date())
        }
        #expect(FrameMeter.measureRaw(frame) == nil)
    }
}
