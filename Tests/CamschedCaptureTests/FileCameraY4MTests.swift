import CamschedCore
import CamschedCapture
import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

/// A `file:` camera on a Y4M clip: 4:2:0 files are read into reused buffers (``Y4MReader``),
/// other layouts still go through FFmpeg, and both keep the camera contract.
@Suite struct FileCameraY4MTests {
    @Test func aY4MClipKeepsTheContractAndLoops() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("y4m-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = try Y4MTestClip.write(folder.appendingPathComponent("clip.y4m"), frames: 12, chroma: .c420)
        try CameraContract.check({ Camera.file(path: clip, options: FileCameraOptions()) }, frames: 10)

        var fast = FileCameraOptions()
        fast.fastPace = true
        fast.loop = true
        let camera = Camera.file(path: clip, options: fast)
        try camera.open()
        _ = try camera.configure(mode: try #require(camera.currentMode()), fps: 30)
        try camera.startStreaming()
        var numbers: [UInt32?] = []
        var stamps: [Int64] = []
        for _ in 0..<30 {  // each frame released before the next is read, as a recorder does
            let frame = try #require(try camera.nextFrame(timeout: .seconds(1)))
            #expect(frame.pixelFormat == .yu12 && frame.bytesPerLine == 320 && frame.bytes.count == 320 * 180 * 3 / 2)
            numbers.append(SyntheticPattern.readFrameNumber(fromLuma: frame.bytes, width: 320, height: 180, stride: 320))
            stamps.append(frame.timestampNanoseconds)
        }
        camera.close()
        #expect(numbers == (0..<30).map { UInt32($0 % 12) })
        let gaps = zip(stamps, stamps.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - 33_333_333) <= 1 }, "\(gaps)")
    }

    @Test func a444ClipIsStillDecodedByFFmpegAndPacked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("y4m-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = try Y4MTestClip.write(folder.appendingPathComponent("clip444.y4m"), frames: 5, chroma: .c444)
        var fast = FileCameraOptions()
        fast.fastPace = true
        let camera = Camera.file(path: clip, options: fast)
        try camera.open()
        _ = try camera.configure(mode: try #require(camera.currentMode()), fps: 30)
        try camera.startStreaming()
        var numbers: [UInt32?] = []
        while numbers.count < 5, let frame = try camera.nextFrame(timeout: .seconds(1)) {
            #expect(frame.pixelFormat == .yu12 && frame.bytes.count == 320 * 180 * 3 / 2)
            numbers.append(SyntheticPattern.readFrameNumber(fromLuma: frame.bytes, width: 320, height: 180, stride: 320))
        }
        #expect(throws: CameraError.endOfStream(path: clip)) { try camera.nextFrame(timeout: .seconds(1)) }
        camera.close()
        #expect(numbers == [0, 1, 2, 3, 4])
    }
}

/// Y4M clips of the synthetic pattern at 320x180, 30 fps.
enum Y4MTestClip {
    enum Chroma { case c420, c444 }

    static func write(_ url: URL, frames: Int, chroma: Chroma) throws -> String {
        let (width, height) = (320, 180)
        var data = Data("YUV4MPEG2 W\(width) H\(height) F30:1 Ip A1:1 \(chroma == .c420 ? "C420jpeg" : "C444")\n".utf8)
        for index in 0..<frames {
            let frame = try SyntheticPattern.makeFrame(width: width, height: height, pixelFormat: .yu12,
                                                       frameNumber: UInt32(index), timestampNanoseconds: 0)
            data += Data("FRAME\n".utf8)
            switch chroma {
            case .c420: data += Data(frame.bytes)
            case .c444: data += Data(frame.bytes.prefix(width * height)) + Data(repeating: 128, count: width * height * 2)
            }
        }
        try data.write(to: url)
        return url.path
    }
}
