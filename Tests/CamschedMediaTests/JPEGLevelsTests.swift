import CamschedCore
import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// The 1/8-scale decode camsched meters a JPEG with (``JPEGLevels``) against a full decode of
/// the same file by the ffmpeg tool (every pixel, independent of camsched): flat greys, gradients,
/// sizes that are no multiple of 8 or 16, 4:2:0, 4:2:2 and greyscale JPEGs.
@Suite struct JPEGLevelsTests {
    /// A picture the ffmpeg tool makes: a lavfi source (`SIZE` its size), the JPEG's chroma
    /// layout, the luma expected (flat pictures) and how far the 1/8 decode may be from the full
    /// one, in levels of 255.
    struct Made: Sendable, CustomStringConvertible {
        var source: String
        var pixelFormat: String
        var width = 1918 // 8·239.75 by 8·134.75: partial blocks on the right and at the bottom
        var height = 1078
        var expected: Double?
        var tolerance: Double
        var lavfi: String { source.replacingOccurrences(of: "SIZE", with: "\(width)x\(height)") }
        var description: String { "\(pixelFormat) \(lavfi)" }
    }

    static let made: [Made] = [
        Made(source: "color=c=0x404040:s=SIZE", pixelFormat: "yuvj420p", expected: 64, tolerance: 1),
        Made(source: "color=c=0x808080:s=SIZE", pixelFormat: "yuvj420p", expected: 128, tolerance: 1),
        Made(source: "color=c=0xC8C8C8:s=SIZE", pixelFormat: "yuvj422p", expected: 200, tolerance: 1),
        Made(source: "color=c=0x404040:s=SIZE", pixelFormat: "yuvj422p", expected: 64, tolerance: 1),
        Made(source: "nullsrc=s=SIZE,format=yuvj420p,geq=lum='X*255/W':cb=128:cr=128", pixelFormat: "yuvj420p", tolerance: 2),
        Made(source: "nullsrc=s=SIZE,format=yuvj422p,geq=lum='(X+Y)*255/(W+H)':cb=128:cr=128", pixelFormat: "yuvj422p", tolerance: 2),
        Made(source: "testsrc2=s=SIZE", pixelFormat: "yuvj422p", width: 1920, height: 1080, tolerance: 2),
        Made(source: "testsrc2=s=SIZE", pixelFormat: "yuvj420p", width: 1282, height: 722, tolerance: 2),
    ]

    static func frame(_ data: Data, width: Int, height: Int) -> VideoFrame {
        data.withUnsafeBytes {
            VideoFrame(width: width, height: height, pixelFormat: .mjpg, bytesPerLine: 0, copying: $0, sequence: 0,
                       timestampNanoseconds: 0, wallClock: Date())
        }
    }

    /// The mean luma of `url`, 0…255, decoded in full by the ffmpeg tool.
    static func fullDecodeMean(_ url: URL) throws -> Double { try StillBrightness.of([url])[0] * 255 }

    @Test(arguments: made)
    func theEighthDecodeReadsAsTheFullDecode(_ picture: Made) throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("picture.jpg")
        _ = try ExternalTool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", picture.lavfi, "-frames:v", "1",
                                            "-pix_fmt", picture.pixelFormat, "-q:v", "3", url.path])
        let (width, height) = (picture.width, picture.height)
        let frame = Self.frame(try Data(contentsOf: url), width: width, height: height)
        let eighth = try JPEGLevels(of: frame, chroma: true)
        let full = try Self.fullDecodeMean(url)
        #expect(eighth.imageWidth == width && eighth.imageHeight == height)
        #expect(eighth.decodedWidth == (width + 7) / 8 && eighth.decodedHeight == (height + 7) / 8)
        #expect(abs(eighth.luma - full) <= picture.tolerance, "1/8 \(eighth.luma), full decode \(full)")
        if let expected = picture.expected { #expect(abs(eighth.luma - expected) <= 1, "1/8 \(eighth.luma), made \(expected)") }
        // libjpeg's own full decode agrees with ffmpeg's, and the chroma means with the 1/8 ones.
        let whole = try JPEGLevels(of: frame, scale: .full, chroma: true)
        #expect(whole.decodedWidth == width && whole.decodedHeight == height)
        #expect(abs(whole.luma - full) <= 0.5, "libjpeg full \(whole.luma), ffmpeg full \(full)")
        #expect(abs((eighth.blue ?? 0) - (whole.blue ?? 9)) <= 1 && abs((eighth.red ?? 0) - (whole.red ?? 9)) <= 1, "\(eighth) \(whole)")
    }

    /// Greyscale JPEGs (libjpeg's, through camsched's still encoder): a flat grey and a gradient.
    @Test(arguments: [(64, false), (200, false), (0, true)])
    func aGreyscaleJPEGReadsAsItsFullDecode(level: Int, gradient: Bool) throws {
        let (width, height) = (1918, 1078)
        let pixels = (0..<(width * height)).map { gradient ? UInt8(($0 % width) * 255 / (width - 1)) : UInt8(level) }
        let grey = pixels.withUnsafeBytes {
            VideoFrame(width: width, height: height, pixelFormat: .grey, bytesPerLine: width, copying: $0, sequence: 0,
                       timestampNanoseconds: 0, wallClock: Date())
        }
        let jpeg = try StillEncoder().still(grey, format: .jpeg, quality: 90, exif: nil)
        let directory = try TemporaryDirectory()
        try jpeg.write(to: directory.file("grey.jpg"))
        let levels = try JPEGLevels(of: Self.frame(jpeg, width: width, height: height), chroma: true)
        #expect(levels.blue == nil && levels.red == nil, "a greyscale JPEG has no chroma")
        #expect(levels.decodedWidth == 240 && levels.decodedHeight == 135)
        let full = try Self.fullDecodeMean(directory.file("grey.jpg"))
        let made = Double(pixels.reduce(0) { $0 + Int($1) }) / Double(pixels.count)
        #expect(abs(levels.luma - full) <= (gradient ? 2 : 1), "1/8 \(levels.luma), full decode \(full)")
        #expect(abs(levels.luma - made) <= (gradient ? 2 : 1), "1/8 \(levels.luma), made \(made)")
    }

    /// What the exposure ramp and `light.brightness` meter a 1920x1080 MJPEG frame with: 240x135.
    @Test func theMeterDecodesAnEighthOfAFullHDFrame() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("hd.jpg")
        _ = try ExternalTool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=1920x1080", "-frames:v", "1",
                                            "-pix_fmt", "yuvj422p", "-q:v", "3", url.path])
        let meter = FrameMeter()
        let reading = try #require(meter.measure(Self.frame(try Data(contentsOf: url), width: 1920, height: 1080), cast: false))
        let levels = try #require(meter.lastJPEG)
        #expect(levels.decodedWidth == 240 && levels.decodedHeight == 135 && levels.blue == nil)
        #expect(abs(reading.brightness * 255 - (try Self.fullDecodeMean(url))) <= 1, "\(reading)")
    }

    static func error(_ data: Data) -> JPEGLevelsError? {
        do {
            _ = try JPEGLevels(of: frame(data, width: 320, height: 180), chroma: false)
            return nil
        } catch {
            return error
        }
    }

    /// A JPEG cut short is an error that says so (libjpeg would make up the rest in grey), as are
    /// bytes that are no JPEG; a JPEG whose data is whole but whose end marker is missing reads.
    @Test func aBrokenJPEGIsAClearError() throws {
        let raw = FrameMeterTests.yuyv(y: 100, u: 128, v: 128)
        let jpeg = try StillEncoder().still(raw, format: .jpeg, quality: 90, exif: nil)
        for cut in [jpeg.prefix(jpeg.count / 2), jpeg.prefix(200), jpeg.prefix(jpeg.count - 40)] {
            let error = try #require(Self.error(Data(cut)), "\(cut.count) bytes of \(jpeg.count) read")
            guard case .damaged = error else { Issue.record("\(error)"); continue }
            #expect("\(error)".contains("cut short"), "\(error)")
        }
        let garbage = try #require(Self.error(Data(repeating: 0x5a, count: 4096)))
        #expect(garbage == .unreadable("libjpeg: Not a JPEG file: starts with 0x5a 0x5a"), "\(garbage)")
        #expect(Self.error(Data()) == .unreadable("the frame is empty"))
        let whole = try JPEGLevels(of: Self.frame(jpeg, width: 320, height: 180), chroma: false)
        let unended = try JPEGLevels(of: Self.frame(jpeg.dropLast(2), width: 320, height: 180), chroma: false)
        #expect(unended == whole && whole.decodedWidth == 40 && whole.decodedHeight == 23)
    }
}
