import CamschedCore
import CFFmpegShim
@testable import CamschedMedia
import CamschedV4L2
import Foundation
import Testing

@Suite struct StillEncoderTests {
    @Test(arguments: [StillFormat.jpeg, .png, .webp], [FourCC.yuyv, .nv12, .mjpg])
    func decodesToTheExactSize(format: StillFormat, camera: FourCC) throws {
        let frame = try PatternSource.frame(7, at: 0, width: 640, height: 360, format: camera)
        let data = try StillEncoder().encode(frame, format: format, quality: 90)
        let picture = try PictureDecoder(decoder: format == .webp ? "webp" : format == .png ? "png" : "mjpeg").decode(data)
        #expect(picture.width == 640)
        #expect(picture.height == 360)
        let grey = try FrameConverter(targetFormat: AV_PIX_FMT_GRAY8).convert(picture)
        #expect(SyntheticPattern.readFrameNumber(from: grey) == 7)
    }

    /// Cameras send limited-range ("video") YUV, black 16 and white 235; a JPEG is full range.
    /// A still that kept the camera's levels would look washed out (grey blacks, dull whites).
    @Test(arguments: [FourCC.yuyv, .nv12, .yu12])
    func jpegStillsExpandTheCamerasVideoRange(camera: FourCC) throws {
        let frame = try PatternSource.frame(2, at: 0, width: 640, height: 360, format: camera)
        let picture = try PictureDecoder(decoder: "mjpeg").decode(try StillEncoder().encode(frame, format: .jpeg, quality: 95))
        #expect(picture.pointer.pointee.color_range == AVCOL_RANGE_JPEG || PixelFormatMapping.isFullRange(picture.format))
        let luma = try #require(picture.plane(0))
        var darkest = 255, brightest = 0
        for row in 0..<picture.height {
            for column in 0..<picture.width {
                let value = Int(luma[row * picture.lineSize(0) + column])
                darkest = min(darkest, value)
                brightest = max(brightest, value)
            }
        }
        #expect(darkest <= 4, "black is 0 in a JPEG, not the camera's 16: darkest \(darkest)")
        #expect(brightest >= 251, "white is 255 in a JPEG, not the camera's 235: brightest \(brightest)")
    }

    @Test func passesCameraJPEGThroughUnchanged() throws {
        let frame = try PatternSource.frame(3, at: 0, format: .mjpg)
        let data = try StillEncoder().encode(frame, format: .jpeg, quality: 10)
        #expect(data == Data(frame.bytes))
    }

    @Test func addsHuffmanTablesToCameraJPEGWithout() throws {
        // A JPEG with the standard tables (as cameras imply them), made by the ffmpeg tool.
        let directory = try TemporaryDirectory()
        let frame = try PatternSource.frame(3, at: 0)
        try Data(frame.bytes).write(to: directory.file("frame.yuv"))
        _ = try ExternalTool.run("ffmpeg", ["-v", "error", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "320x180",
                                            "-i", directory.file("frame.yuv").path, "-huffman", "default", "-q:v", "3",
                                            directory.file("standard.jpg").path])
        let original = try Data(contentsOf: directory.file("standard.jpg"))
        let parsed = try JPEGSegments(original)
        #expect(parsed.hasHuffmanTables)
        var stripped = Data(original.prefix(2))
        var cursor = 2
        for segment in parsed.segments where segment.marker == 0xC4 {
            stripped.append(original[cursor..<segment.range.lowerBound])
            cursor = segment.range.upperBound
        }
        stripped.append(original[cursor...])
        let completed = try JPEGHuffmanTables.completing(stripped)
        #expect(try JPEGSegments(completed).hasHuffmanTables)
        let picture = try PictureDecoder(decoder: "mjpeg").decode(completed)
        let reference = try PictureDecoder(decoder: "mjpeg").decode(original)
        let size = picture.lineSize(0) * picture.height
        #expect(memcmp(try #require(picture.plane(0)), try #require(reference.plane(0)), size) == 0)
    }

    @Test func rotatesPNGPixelsAndZoomsJPEG() throws {
        let metadata = FrameMetadata(rotation: 90, mirror: false, digitalZoom: 2)
        let frame = try PatternSource.frame(1, at: 0, width: 640, height: 360, metadata: metadata)
        let png = try PictureDecoder(decoder: "png").decode(try StillEncoder().encode(frame, format: .png, quality: 90))
        #expect(png.width == 360 && png.height == 640)
        let jpeg = try PictureDecoder(decoder: "mjpeg").decode(try StillEncoder().encode(frame, format: .jpeg, quality: 90))
        #expect(jpeg.width == 640 && jpeg.height == 360)
        // Zoomed 2×: the code blocks are twice as wide, so the full-size reader sees garbage.
        let grey = try FrameConverter(targetFormat: AV_PIX_FMT_GRAY8).convert(jpeg)
        #expect(SyntheticPattern.readFrameNumber(from: grey) == nil)
    }

    @Test func higherQualityMakesBiggerJPEGs() throws {
        let frame = try PatternSource.frame(1, at: 0, width: 640, height: 360)
        let encoder = StillEncoder()
        let low = try encoder.encode(frame, format: .jpeg, quality: 30).count
        let high = try encoder.encode(frame, format: .jpeg, quality: 95).count
        #expect(high > low)
        #expect(StillEncoder.jpegQScale(forQuality: 100) == 1)
        #expect(StillEncoder.jpegQScale(forQuality: 90) == 3)
        #expect(StillEncoder.jpegQScale(forQuality: 75) == 7)
        #expect(StillEncoder.jpegQScale(forQuality: 1) == 31)
    }
}

/// JPEG stills from YUV cameras go through libjpeg (no FFmpeg loaded); they must look like
/// what libavcodec makes of the same frame: same size, same full-range brightness, and the
/// same pixels to within JPEG's rounding.
@Suite struct LibjpegStillTests {
    static func meanDifference(_ a: OwnedAVFrame, _ b: OwnedAVFrame) throws -> Double {
        let greyA = try FrameConverter(targetFormat: AV_PIX_FMT_GRAY8).convert(a)
        let greyB = try FrameConverter(targetFormat: AV_PIX_FMT_GRAY8).convert(b)
        let planeA = try #require(greyA.plane(0)), planeB = try #require(greyB.plane(0))
        var total = 0
        for y in 0..<greyA.height {
            for x in 0..<greyA.width {
                total += abs(Int(planeA[y * greyA.lineSize(0) + x]) - Int(planeB[y * greyB.lineSize(0) + x]))
            }
        }
        return Double(total) / Double(greyA.width * greyA.height)
    }

    @Test(arguments: [FourCC.yuyv, .nv12, .yu12], [(640, 360), (322, 182)])
    func matchesLibavcodec(camera: FourCC, size: (Int, Int)) throws {
        let frame = try PatternSource.frame(42, at: 0, width: size.0, height: size.1, format: camera)
        let viaLibjpeg = try #require(try StillEncoder.libjpeg(frame, quality: 95))
        #expect(viaLibjpeg.starts(with: [0xFF, 0xD8]) && viaLibjpeg.suffix(2) == Data([0xFF, 0xD9]))
        let encoder = StillEncoder()
        let converted = try FrameConverter(targetFormat: AV_PIX_FMT_YUVJ420P).convert(frame)
        let viaLibavcodec = try encoder.encode(picture: converted, format: .jpeg, quality: 95)
        let a = try PictureDecoder(decoder: "mjpeg").decode(viaLibjpeg)
        let b = try PictureDecoder(decoder: "mjpeg").decode(viaLibavcodec)
        #expect(a.width == size.0 && a.height == size.1)
        let difference = try Self.meanDifference(a, b)
        #expect(difference < 2.5, "mean |Δluma| \(difference)")
        let grey = try FrameConverter(targetFormat: AV_PIX_FMT_GRAY8).convert(a)
        #expect(SyntheticPattern.readFrameNumber(from: grey) == 42)
    }

    @Test func refusesAFrameTooShortForItsSize() throws {
        let frame = try PatternSource.frame(1, at: 0, width: 320, height: 180, format: .yuyv)
        let short = VideoFrame(width: 640, height: 360, pixelFormat: .yuyv, bytesPerLine: 1280,
                               copying: frame.bytes, sequence: 0, timestampNanoseconds: 0, wallClock: Date())
        #expect(throws: MediaError.self) { try StillEncoder.libjpeg(short, quality: 90) }
    }

    @Test func rgbCamerasStillGoThroughLibavcodec() throws {
        let pixels = [UInt8](repeating: 128, count: 64 * 48 * 3)
        let frame = pixels.withUnsafeBytes {
            VideoFrame(width: 64, height: 48, pixelFormat: .rgb24, bytesPerLine: 64 * 3, copying: $0, sequence: 0,
                       timestampNanoseconds: 0, wallClock: Date())
        }
        #expect(try StillEncoder.libjpeg(frame, quality: 90) == nil)
        let picture = try PictureDecoder(decoder: "mjpeg").decode(try StillEncoder().encode(frame, format: .jpeg, quality: 90))
        #expect(picture.width == 64 && picture.height == 48)
    }
}
