import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

/// The `file:` camera's Y4M path: the same pixels and times as FFmpeg's demuxer and decoder,
/// read into a handful of reused buffers.
@Suite struct Y4MReaderTests {
    @Test func framesMatchFFmpegsDecodeByteForByte() throws {
        let folder = try TemporaryDirectory()
        let path = try Y4MClip.write(folder.file("clip.y4m"), frames: 9, width: 320, height: 180, rate: "30000:1001")
        let reader = try #require(try Y4MReader.open(path: path))
        #expect(reader.width == 320 && reader.height == 180 && reader.frameBytes == 320 * 180 * 3 / 2)
        #expect(abs(reader.frameRate - 30000.0 / 1001) < 1e-9)

        let movie = try MovieReader(url: URL(fileURLWithPath: path))
        let packer = YU12FramePacker(width: 320, height: 180)
        var count = 0
        while let frame = try reader.next() {
            let decoded = try #require(try movie.nextFrame())
            let packed = try packer.frame(from: decoded.picture, sequence: 0, timestampNanoseconds: 0, wallClock: Date())
            #expect(Data(frame.bytes) == Data(packed.bytes), "frame \(count)")
            #expect(frame.relativeNanoseconds == decoded.presentationNanoseconds, "frame \(count)")
            #expect(SyntheticPattern.readFrameNumber(fromLuma: frame.bytes, width: 320, height: 180, stride: 320) == UInt32(count))
            count += 1
        }
        #expect(count == 9)
        #expect(try movie.nextFrame() == nil)
    }

    @Test func buffersAreReusedOnceFramesAreReleased() throws {
        let folder = try TemporaryDirectory()
        let path = try Y4MClip.write(folder.file("clip.y4m"), frames: 40, width: 320, height: 64, rate: "30:1")
        let reader = try #require(try Y4MReader.open(path: path))
        var held: [Y4MReader.Frame] = []
        var read = 0
        while let frame = try reader.next() {
            read += 1
            held.append(frame)
            if held.count == 3 { held.removeFirst() }  // three frames in use at a time, as in a queue: the dropped one goes back
        }
        #expect(read == 40)
        #expect(reader.bufferAllocations == 3)
        held.removeAll()
        reader.rewind()
        let first = try #require(try reader.next())
        #expect(first.relativeNanoseconds == 0)
        #expect(SyntheticPattern.readFrameNumber(fromLuma: first.bytes, width: 320, height: 64, stride: 320) == 0)
        #expect(reader.bufferAllocations == 3)
    }

    @Test func frameParametersAreSkippedAndACutLastFrameEndsTheFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("cut.y4m")
        _ = try Y4MClip.write(url, frames: 3, width: 320, height: 64, rate: "25:1", frameLine: "FRAME Ip XFOO=1\n")
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("FRAME\n".utf8) + Data(repeating: 7, count: 100))
        try handle.close()
        let reader = try #require(try Y4MReader.open(path: url.path))
        var times: [Int64] = []
        while let frame = try reader.next() { times.append(frame.relativeNanoseconds) }
        #expect(times == [0, 40_000_000, 80_000_000])
    }

    @Test func aFrameWithoutItsFrameLineIsAnError() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("bad.y4m")
        try (Data("YUV4MPEG2 W64 H36 F30:1\n".utf8) + Data("FRAMX\n".utf8) + Data(count: 64 * 36 * 3 / 2)).write(to: url)
        let reader = try #require(try Y4MReader.open(path: url.path))
        #expect(throws: MediaError.self) { try reader.next() }
    }

    @Test func layoutsItDoesNotReadAreLeftToFFmpeg() throws {
        let accepted = ["YUV4MPEG2 W320 H180 F30:1 Ip A1:1 C420jpeg XYSCSS=420JPEG\n", "YUV4MPEG2 W2 H2 F1:1\n",
                        "YUV4MPEG2 W320 H180 F25:1 C420mpeg2\n", "YUV4MPEG2 W320 H180 F25:1 C420paldv\n"]
        for text in accepted { #expect(Y4MHeader(Array(text.utf8)) != nil, "\(text)") }
        let header = try #require(Y4MHeader(Array("YUV4MPEG2 W320 H180 F30000:1001 C420\nFRAME\n".utf8)))
        #expect(header.width == 320 && header.height == 180 && header.rate == (30000, 1001) && header.length == 37)
        let refused = ["YUV4MPEG2 W320 H180 F30:1 C422\n", "YUV4MPEG2 W320 H180 F30:1 C420p10\n", "YUV4MPEG2 W320 H180 F30:1 Cmono\n",
                       "YUV4MPEG2 W321 H180 F30:1\n", "YUV4MPEG2 W320 H180\n", "YUV4MPEG2 W320 H180 F0:1\n",
                       "YUV4MPEG2 W320 H180 F30:0\n", "YUV4MPEG2 W-2 H180 F30:1\n", "YUV4MPEG2 W320 H180 F30:1",
                       "RIFF W320 H180 F30:1\n", "YUV4MPEG2 W99999 H180 F30:1\n",
                       // Rates whose frame times overflow (index × den × 10^9 / num): left to FFmpeg.
                       "YUV4MPEG2 W320 H180 F1:9223372036854775807\n", "YUV4MPEG2 W320 H180 F9223372036854775807:1\n",
                       "YUV4MPEG2 W320 H180 F1:100000\n"]
        for text in refused { #expect(Y4MHeader(Array(text.utf8)) == nil, "\(text)") }

        let folder = try TemporaryDirectory()
        let mp4 = folder.file("not.y4m")
        try Data("ftyp isom".utf8).write(to: mp4)
        #expect(try Y4MReader.open(path: mp4.path) == nil)
        #expect(throws: MediaError.self) { try Y4MReader.open(path: folder.file("missing.y4m").path) }
    }
}

/// Writes Y4M test clips of the synthetic pattern (frame numbers readable from the luma).
enum Y4MClip {
    static func write(_ url: URL, frames: Int, width: Int, height: Int, rate: String, colorspace: String = "C420jpeg",
                      frameLine: String = "FRAME\n") throws -> String {
        var data = Data("YUV4MPEG2 W\(width) H\(height) F\(rate) Ip A1:1 \(colorspace)\n".utf8)
        for index in 0..<frames {
            let frame = try SyntheticPattern.makeFrame(width: width, height: height, pixelFormat: .yu12,
                                                       frameNumber: UInt32(index), timestampNanoseconds: 0)
            data += Data(frameLine.utf8) + Data(frame.bytes)
        }
        try data.write(to: url)
        return url.path
    }
}
