import CamschedCore
@testable import CamschedMedia
import Foundation
import Testing

/// Which H.264 frames a decoder can start at, read from the frames themselves (a camera's
/// driver does not say), and the picture of such a keyframe on its own.
@Suite struct KeyframeDetectorTests {
    /// 120 frames of a camera's H.264 with a keyframe every 20 frames.
    static func cameraH264() throws -> [VideoFrame] {
        let encoder = try CameraStreamEncoder(width: 320, height: 180, fps: 30, gop: 20)
        return try (0..<120).map { try #require(try encoder.encode(PatternSource.frame($0, at: Double($0) / 30))) }
    }

    @Test func everyKeyframeIsFoundAndNoOther() throws {
        let frames = try Self.cameraH264()
        let detector = try KeyframeDetector(format: .h264)
        let keyframes = frames.indices.filter { detector.isKeyframe(frames[$0].bytes) }
        #expect(keyframes == [0, 20, 40, 60, 80, 100])
    }

    @Test func aDetectorThatSeesOnlySomeFramesAnswersTheSame() throws {
        let frames = try Self.cameraH264()
        let detector = try KeyframeDetector(format: .h264)
        let asked = [0, 30, 35, 40, 41, 60, 61, 90, 100]
        #expect(asked.filter { detector.isKeyframe(frames[$0].bytes) } == [0, 40, 60, 100])
    }

    @Test func aKeyframeDecodesOnItsOwnIntoItsPicture() throws {
        let frames = try Self.cameraH264()
        let decoder = try KeyframeDecoder()
        #expect(!decoder.canDecode(frames[61]))
        for index in [60, 20, 100] {
            #expect(decoder.canDecode(frames[index]))
            let picture = try decoder.picture(of: frames[index])
            #expect(picture.pixelFormat == .yu12 && picture.width == 320 && picture.height == 180)
            #expect(picture.sequence == UInt32(index) && picture.timestampNanoseconds == frames[index].timestampNanoseconds)
            let number = SyntheticPattern.readFrameNumber(fromLuma: picture.bytes, width: 320, height: 180, stride: 320)
            #expect(number == UInt32(index))
        }
    }

    @Test func everyMJPEGFrameIsAKeyframe() throws {
        let detector = try KeyframeDetector(format: .mjpg)
        #expect(detector.isKeyframe(try PatternSource.frame(3, at: 0.1, format: .mjpg).bytes))
    }
}
