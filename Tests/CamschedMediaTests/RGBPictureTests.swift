import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

/// The contact sheet's pictures: composed as RGB, encoded through libav, decoded back.
@Suite struct RGBPictureTests {
    /// Four quadrants: red, green, blue, white.
    static func quadrants(width: Int, height: Int) -> RGBPicture {
        var picture = RGBPicture(width: width, height: height)
        picture.draw(RGBPicture(width: width / 2, height: height / 2, red: 255), x: 0, y: 0)
        picture.draw(RGBPicture(width: width / 2, height: height / 2, green: 255), x: width / 2, y: 0)
        picture.draw(RGBPicture(width: width / 2, height: height / 2, blue: 255), x: 0, y: height / 2)
        picture.draw(RGBPicture(width: width / 2, height: height / 2, red: 255, green: 255, blue: 255), x: width / 2, y: height / 2)
        return picture
    }

    @Test func aPNGDecodesToTheSamePixels() throws {
        let picture = Self.quadrants(width: 64, height: 48)
        let png = try picture.encoded(as: .png, quality: 100)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PictureDecoder(decoder: "png").decode(png)
        #expect(decoded.width == 64 && decoded.height == 48)
        let back = try RGBPicture(fitting: decoded, maxWidth: 64, maxHeight: 48)
        #expect(back == picture)
    }

    @Test func aJPEGDecodesToNearlyTheSameColoursAndScalesDown() throws {
        let jpeg = try Self.quadrants(width: 320, height: 240).encoded(as: .jpeg, quality: 90)
        #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let decoded = try PictureDecoder(decoder: "mjpeg").decode(jpeg)
        let small = try RGBPicture(fitting: decoded, maxWidth: 160, maxHeight: 160)
        #expect(small.width == 160 && small.height == 120)
        let close = { (a: (red: UInt8, green: UInt8, blue: UInt8), b: (Int, Int, Int)) in
            abs(Int(a.red) - b.0) < 24 && abs(Int(a.green) - b.1) < 24 && abs(Int(a.blue) - b.2) < 24
        }
        #expect(close(small.pixel(x: 40, y: 30), (255, 0, 0)))
        #expect(close(small.pixel(x: 120, y: 30), (0, 255, 0)))
        #expect(close(small.pixel(x: 40, y: 90), (0, 0, 255)))
        #expect(close(small.pixel(x: 120, y: 90), (255, 255, 255)))
    }

    @Test func drawingClipsAtTheEdges() {
        var canvas = RGBPicture(width: 4, height: 4)
        canvas.draw(RGBPicture(width: 3, height: 3, red: 9, green: 9, blue: 9), x: 2, y: -1)
        #expect(canvas.pixels.filter { $0 == 9 }.count == 2 * 2 * 3)
        #expect(canvas.pixel(x: 2, y: 0) == (9, 9, 9) && canvas.pixel(x: 3, y: 1) == (9, 9, 9))
        #expect(canvas.pixel(x: 2, y: 2) == (0, 0, 0) && canvas.pixel(x: 1, y: 0) == (0, 0, 0))
        canvas.draw(RGBPicture(width: 2, height: 2, red: 1), x: 10, y: 10)
        #expect(canvas.pixels.filter { $0 == 1 }.isEmpty)
    }
}
