import CamschedCore
import Foundation

/// The picture of one H.264 keyframe — a still taken from a stream that is copied, not
/// decoded: the keyframe (with the parameter sets a camera sends in front of it) decodes on
/// its own, as a YU12 frame with the keyframe's number, times and metadata. Use from one thread.
package final class KeyframeDecoder {
    private let decoder: PictureDecoder
    private let detector: KeyframeDetector

    /// - Throws: `MediaError` when FFmpeg lacks the H.264 decoder.
    package init() throws {
        decoder = try PictureDecoder(decoder: "h264")
        detector = try KeyframeDetector(format: .h264)
    }

    /// Whether `frame` is an H.264 keyframe (only those decode on their own).
    package func canDecode(_ frame: VideoFrame) -> Bool {
        frame.pixelFormat == .h264 && detector.isKeyframe(frame.bytes)
    }

    /// The picture of the keyframe `frame`.
    /// - Throws: `AVError` when it does not decode, `MediaError` when it is not H.264.
    package func picture(of frame: VideoFrame) throws -> VideoFrame {
        guard frame.pixelFormat == .h264 else { throw MediaError.unsupportedPixelFormat(frame.pixelFormat) }
        let picture = try decoder.decode(frame.bytes)
        return try YU12FramePacker(width: frame.width, height: frame.height)
            .frame(from: picture, sequence: frame.sequence, timestampNanoseconds: frame.timestampNanoseconds, wallClock: frame.wallClock)
            .with(metadata: frame.metadata)
    }
}
