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
