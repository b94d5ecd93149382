import CamschedCore
import CamschedMedia
import Foundation

/// One element of a camera's frame stream: a frame, or the camera going away and coming back.
///
/// Loss and return travel in the same stream as the frames, in order, so a consumer sees
/// exactly where the gap is: every frame before `.lost` was captured before the loss, every
/// frame after `.returned` after the return.
package enum StreamItem: Sendable {
    /// A captured frame, with its V4L2 sequence number and monotonic timestamp.
    case frame(VideoFrame)
    /// The camera went away; the stream has released it and is watching for it.
    case lost(StreamLoss)
    /// The camera is back (reopened by its stable identity, same format and controls).
    case returned(CameraFormat)
}

/// Why and when a stream lost its camera.
package struct StreamLoss: Sendable, Equatable {
    /// A short reason for metadata: `disconnected`, `no frames`, `stream error`.
    package var reason: String
    /// The error the camera reported.
    package var error: CameraError
    /// Wall-clock time of the loss.
    package var at: Date

    package init(reason: String, error: CameraError, at: Date) {
        self.reason = reason
        self.error = error
        self.at = at
    }

    /// The loss an error means, or nil when the error is not a loss the stream can wait out.
    /// - Parameter reopening: the camera had been running before (a missing or busy camera
    ///   then means "not back yet", not "never there").
    package static func reason(for error: CameraError, reopening: Bool) -> String? {
        switch error {
        case .disconnected: return "disconnected"
        case .timeout: return "no frames"
        case .streamFailed: return "stream error"
        // A network camera that refuses the login after it had let the run in (its password
        // changed) waits like one that went away: its credentials are read again at each attempt.
        case .notFound, .busy, .permissionDenied, .unreachable, .loginRefused, .credentialsUnusable:
            return reopening ? "disconnected" : nil
        default: return nil
        }
    }
}
