import CamschedCore
import Foundation

/// Why a streaming job has no preview picture: the reason `preview.jpg` and `stream.mjpg`
/// answer with (503) and the log says once.
enum PreviewFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// An H.264 stream sent no keyframe within the wait (its keyframe interval is longer).
    case noKeyframe(wait: Duration)
    /// The stream sent no frame within the wait.
    case noFrame(wait: Duration)
    /// The camera's H.264 keyframe did not decode (or FFmpeg lacks the decoder).
    case undecodable(String)
    /// The picture did not encode as JPEG.
    case unencodable(format: FourCC, reason: String)

    /// The kind of failure, so that the log says it once and not for every frame.
    var kind: String {
        switch self {
        case .noKeyframe: "noKeyframe"
        case .noFrame: "noFrame"
        case .undecodable: "undecodable"
        case .unencodable: "unencodable"
        }
    }

    var description: String {
        switch self {
        case let .noKeyframe(wait):
            "the camera sent no H.264 keyframe within \(wait.seconds) s; the preview of an H.264 stream is its "
                + "keyframes, decoded: set the camera's keyframe interval (GOP, I-frame interval) to a few seconds"
        case let .noFrame(wait):
            "the camera sent no frame within \(wait.seconds) s"
        case let .undecodable(reason):
            "the camera's H.264 keyframe did not decode: \(reason)"
        case let .unencodable(format, reason):
            "a \(format) frame did not encode as JPEG: \(reason)"
        }
    }
}

extension Duration {
    /// Seconds for messages: `10`, `0.3`.
    fileprivate var seconds: String {
        let value = secondsValue
        return value == value.rounded() ? String(Int64(value)) : String(format: "%.1f", value)
    }
}
