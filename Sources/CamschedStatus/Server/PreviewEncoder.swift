import CamschedCore
import CamschedMedia
import Foundation

/// Encodes a tapped frame as a JPEG for `preview.jpg` and `stream.mjpg`, on the client's task:
/// the capture thread never encodes for a client.
enum PreviewEncoder {
    static let quality = 80

    static func jpeg(_ frame: VideoFrame) throws -> Data {
        try StillEncoder().encode(frame, format: .jpeg, quality: quality)
    }
}
