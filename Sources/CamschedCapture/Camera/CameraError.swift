import CamschedCore
import CamschedV4L2

/// Why a camera could not be found, opened, configured or read.
///
/// Every case carries enough to write one sentence a user can act on; the executable maps
/// the availability cases to exit code 3.
package enum CameraError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Nothing matched the device URI(s); `available` lists what exists.
    case notFound(uri: String, available: [String])
    /// Another program is using the camera; `holder` names it when it can be found.
    case busy(path: String, holder: String?)
    /// The user may not open the device node.
    case permissionDenied(path: String)
    /// The camera went away (unplugged, driver unloaded).
    case disconnected(path: String)
    /// The URI is malformed or has an unknown option.
    case invalidURI(uri: String, reason: String)
    /// The requested mode (format, size, rate) is not offered; `supported` lists what is.
    case unsupportedMode(requested: String, supported: [String])
    /// A setting the job marks required is not supported by this camera.
    case unsupportedControl(name: String, reason: String)
    /// A state-machine violation (a programming error surfaced as an error, not a crash).
    case invalidState(String)
    /// No frame arrived within the watchdog period.
    case timeout(path: String, seconds: Double)
    /// Streaming failed at run time (driver error, I/O error, injected fault).
    case streamFailed(path: String, reason: String)
    /// Another camsched process holds the camera's lock (with `--lock fail`).
    case locked(identity: String, holder: String?)
    /// A `file:` camera's video is over (and does not loop): no frame will follow.
    case endOfStream(path: String)
    /// Decoding a `file:` camera's video failed.
    case fileUnreadable(path: String, reason: String)
    /// A network camera that cannot be reached: host unknown or down, connection refused,
    /// no such stream on the server, no answer in time; `reason` says which and what to check
    /// (``NetworkReachability``).
    case unreachable(uri: String, reason: String)
    /// `codec: "copy"` on a camera that offers nothing it can copy at the size asked: raw
    /// pixels, or pictures decoded from a stream of a codec camsched does not copy; `reason`
    /// says which and what to change.
    case cannotCopy(path: String, reason: String)
    /// A network camera that refused the login, or asked for one when none was given; `reason`
    /// says which, and where the user and password come from.
    case loginRefused(uri: String, reason: String)
    /// A network camera's credentials cannot be used: the file is missing, open to other
    /// users or not `user:password`, or the variable is not set.
    case credentialsUnusable(uri: String, reason: String)
    /// A camera that came back after a loss no longer offers the mode the run started with
    /// (`had`, format and size: `MJPG 640x360`): a network camera set to another size or codec
    /// meanwhile. `offers` lists what it offers now, named the same way.
    case cameBackChanged(path: String, had: String, offers: [String])

    /// True for the cases that mean "camera unavailable" (exit code 3).
    package var isUnavailable: Bool {
        switch self {
        case .notFound, .busy, .permissionDenied, .invalidURI, .fileUnreadable, .unreachable, .loginRefused, .credentialsUnusable:
            return true
        case .disconnected, .unsupportedMode, .unsupportedControl, .invalidState, .timeout, .streamFailed, .locked, .endOfStream,
             .cannotCopy, .cameBackChanged:
            return false
        }
    }

    package var description: String {
        switch self {
        case let .notFound(uri, available):
            let list = available.isEmpty ? "no cameras were found" : "cameras present: " + available.joined(separator: ", ")
            return "no camera matches \(uri) (\(list)); run `camsched devices` to see them, or use `test:` for the built-in test camera"
        case let .busy(path, holder):
            let who = holder.map { " by \($0)" } ?? " by another program"
            return "camera \(path) is busy: it is in use\(who); stop that program or choose another device"
        case let .permissionDenied(path):
            return "no permission to open \(path); add yourself to the video group (`sudo usermod -aG video $USER`, then log in again) or run as a member of it"
        case let .disconnected(path):
            return "camera \(path) was disconnected"
        case let .invalidURI(uri, reason):
            return "device \(uri) is not valid: \(reason)"
        case let .unsupportedMode(requested, supported):
            return "the camera cannot capture \(requested); it supports: " + supported.joined(separator: ", ")
        case let .unsupportedControl(name, reason):
            return "\(name) is required by the job but \(reason)"
        case let .invalidState(text):
            return "camera used in the wrong state: \(text)"
        case let .timeout(path, seconds):
            return "camera \(path) delivered no frame for \(String(format: "%.1f", seconds)) s"
        case let .streamFailed(path, reason):
            return "streaming from \(path) failed: \(reason)"
        case let .locked(identity, holder):
            return "camera \(identity) is held by another camsched" + (holder.map { " (\($0))" } ?? "")
        case let .endOfStream(path):
            return "the video file \(path) ended"
        case let .fileUnreadable(path, reason):
            return "cannot read video file \(path): \(reason)"
        case let .cannotCopy(_, reason):
            return reason
        case let .unreachable(uri, reason):
            return "cannot reach the network camera \(uri): \(reason)"
        case let .loginRefused(uri, reason):
            return "the network camera \(uri) refused the login: \(reason)"
        case let .credentialsUnusable(uri, reason):
            return "cannot log in to the network camera \(uri): \(reason)"
        case let .cameBackChanged(path, had, offers):
            return "camera \(path) came back as \(offers.joined(separator: " or ")) instead of \(had), which this run started "
                + "with and keeps; set the camera back to \(had) (in its own settings), or start the run again to take it as it is now"
        }
    }
}

extension CameraError {
    /// A device URI that cannot be used (``DeviceURIError``), as the capture layer reports it.
    package init(_ error: DeviceURIError) { self = .invalidURI(uri: error.uri, reason: error.reason) }
}
