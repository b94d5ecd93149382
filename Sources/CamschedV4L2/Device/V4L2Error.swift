internal import CV4L2Shim

/// Why a V4L2 operation failed, with the device path and, for failed calls, the call's name
/// and `errno`.
package enum V4L2Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device node does not exist (`ENOENT`).
    case notFound(path: String)
    /// The user may not open the node (`EACCES`, `EPERM`).
    case permissionDenied(path: String)
    /// Another program uses the device (`EBUSY`).
    case busy(path: String)
    /// The node is not a V4L2 video capture device (a metadata or output node, or not V4L2).
    case notACaptureDevice(path: String)
    /// The device went away (`ENODEV`, `ENXIO`, or an error condition on poll).
    case disconnected(path: String)
    /// The device cannot do what was asked.
    case unsupported(String)
    /// A call failed with an `errno` that has no more specific case.
    case ioctl(name: String, errno: Int32, path: String)
    /// No frame arrived within the time allowed.
    case timeout(path: String)
    /// Streaming failed or was used out of order.
    case streamError(String)

    package var description: String {
        switch self {
        case .notFound(let path):
            return "The camera \(path) does not exist; run `camsched devices` to list the cameras present."
        case .permissionDenied(let path):
            return "No permission to open \(path): camera nodes belong to the `video` group; "
                + "add yourself with `sudo usermod -aG video $USER` and log in again."
        case .busy(let path):
            return "The camera \(path) is busy: another program is using it; close that program and try again."
        case .notACaptureDevice(let path):
            return "\(path) is not a V4L2 video capture device."
        case .disconnected(let path):
            return "The camera \(path) was disconnected."
        case .unsupported(let what):
            return "Not supported: \(what)."
        case .ioctl(let name, let code, let path):
            return "\(name) on \(path) failed: \(V4L2Error.describe(errno: code))."
        case .timeout(let path):
            return "The camera \(path) delivered no frame in time."
        case .streamError(let what):
            return "Streaming failed: \(what)."
        }
    }

    /// The description of an `errno` value with its symbolic name, e.g.
    /// "Device or resource busy (EBUSY)".
    package static func describe(errno code: Int32) -> String {
        let text = String(cString: cs_errno_description(code))
        if let name = cs_errno_name(code) {
            return "\(text) (\(String(cString: name)))"
        }
        return "\(text) (errno \(code))"
    }
}
