import CamschedCore
import CamschedCapture
import CamschedMedia
import CamschedTestSupport
import Foundation
import Testing

@Suite struct CameraContractTests {
    @Test func syntheticCameraKeepsTheContract() throws {
        try CameraContract.check({ Camera.synthetic(options: SyntheticCameraOptions()) }, frames: 20)
        var fast = SyntheticCameraOptions()
        fast.fastPace = true
        fast.pixelFormat = .nv12
        try CameraContract.check({ Camera.synthetic(options: fast) }, frames: 200)
    }

    @Test func fileCameraKeepsTheContract() throws {
        let clip = try TestClip.make(frames: 45, fps: 30)
        try CameraContract.check({ Camera.file(path: clip.path, options: FileCameraOptions()) }, frames: 30)
        var fast = FileCameraOptions()
        fast.fastPace = true
        fast.loop = true
        // Looping: more frames than the clip has, still strictly increasing.
        try CameraContract.check({ Camera.file(path: clip.path, options: fast) }, frames: 100)
    }

    @Test func fileCameraPacesInRealTime() throws {
        let clip = try TestClip.make(frames: 30, fps: 30)
        let camera = Camera.file(path: clip.path, options: FileCameraOptions())
        try camera.open()
        let mode = try #require(try camera.modes().first)
        _ = try camera.configure(mode: mode, fps: 30)
        try camera.startStreaming()
        let began = Date()
        var count = 0
        while count < 30, try camera.nextFrame(timeout: .seconds(1)) != nil { count += 1 }
        let elapsed = Date().timeIntervalSince(began)
        #expect(count == 30)
        #expect(elapsed > 0.85 && elapsed < 2, "30 frames at 30 fps took \(elapsed) s")
        camera.close()
    }

    @Test func fileCameraEndsWithEndOfStreamAndLoopsWithoutAGapInTime() throws {
        let clip = try TestClip.make(frames: 12, fps: 30)
        var fast = FileCameraOptions()
        fast.fastPace = true
        let once = Camera.file(path: clip.path, options: fast)
        try once.open()
        _ = try once.configure(mode: try #require(once.currentMode()), fps: 30)
        try once.startStreaming()
        var frames: [VideoFrame] = []
        for _ in 0..<12 { frames.append(try #require(try once.nextFrame(timeout: .seconds(1)))) }
        #expect(frames.compactMap { SyntheticPattern.readFrameNumber(fromLuma: $0.bytes, width: 320, height: 180, stride: $0.bytesPerLine) }
            == (0..<12).map { UInt32($0) })
        #expect(throws: CameraError.endOfStream(path: clip.path)) { try once.nextFrame(timeout: .seconds(1)) }
        once.close()

        fast.loop = true
        let looping = Camera.file(path: clip.path, options: fast)
        try looping.open()
        _ = try looping.configure(mode: try #require(looping.currentMode()), fps: 30)
        try looping.startStreaming()
        var stamps: [Int64] = []
        var numbers: [UInt32?] = []
        for _ in 0..<30 {
            let frame = try #require(try looping.nextFrame(timeout: .seconds(1)))
            stamps.append(frame.timestampNanoseconds)
            numbers.append(SyntheticPattern.readFrameNumber(fromLuma: frame.bytes, width: 320, height: 180, stride: frame.bytesPerLine))
        }
        looping.close()
        #expect(numbers == (0..<30).map { UInt32($0 % 12) })
        // One frame period (33.3 ms at 30 fps) between consecutive frames, across the loop too.
        let gaps = zip(stamps, stamps.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - 33_333_333) < 1_000_000 }, "\(gaps)")
    }

    @Test func syntheticTimestampsAreExact() throws {
        var options = SyntheticCameraOptions()
        options.fastPace = true
        options.fps = 25
        let camera = Camera.synthetic(options: options)
        try camera.open()
        _ = try camera.configure(mode: try #require(camera.currentMode()), fps: 25)
        try camera.startStreaming()
        var stamps: [Int64] = []
        for _ in 0..<100 { if let frame = try camera.nextFrame(timeout: .seconds(1)) { stamps.append(frame.timestampNanoseconds) } }
        let gaps = Set(zip(stamps, stamps.dropFirst()).map { $1 - $0 })
        #expect(gaps == [40_000_000])
    }
}

/// A small H.264 clip of the test pattern, made with the media layer.
enum TestClip {
    static func make(frames: Int, fps: Double) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID().uuidString.prefix(8)).mp4")
        let settings = VideoEncoderSettings(codec: .h264, encoderName: "libx264", quality: 23, preset: "ultrafast",
                                            fps: fps, width: 320, height: 180)
        let writer = try MovieWriter(path: url, container: .mp4, settings: settings, inputFormat: .yu12, syncsToDisk: false)
        for index in 0..<frames {
            let frame = try SyntheticPattern.makeFrame(width: 320, height: 180, pixelFormat: .yu12, frameNumber: UInt32(index),
                                                       timestampNanoseconds: Int64(Double(index) / fps * 1e9))
            try writer.append(frame)
        }
        _ = try writer.finish()
        return url
    }
}
