import CamschedCore
import CamschedMedia
import Foundation

/// Encodes a tapped frame as a JPEG for `preview.jpg` and `stream.mjpg`, on the client's task:
/// the capture thread never decodes or encodes for a client. An H.264 frame (a stream copy's
/// keyframe) is decoded first, with a decoder of its own; a camera's JPEG passes as it is.
enum PreviewEncoder {
    static let quality = 80

    /// - Throws: ``PreviewFailure/undecodable(_:)`` when an H.264 keyframe does not decode (or
    ///   FFmpeg lacks the decoder), ``PreviewFailure/unencodable(_:)`` when the picture does not
    ///   encode as JPEG.
    static func jpeg(_ frame: VideoFrame) throws(PreviewFailure) -> Data {
        var picture = frame
        if frame.pixelFormat == .h264 {
            do {
                picture = try KeyframeDecoder().picture(of: frame)
            } catch {
                throw .undecodable("\(error)")
            }
        }
        do {
            return try StillEncoder().encode(picture, format: .jpeg, quality: quality)
        } catch {
            throw .unencodable(format: picture.pixelFormat, reason: "\(error)")
        }
    }
}
