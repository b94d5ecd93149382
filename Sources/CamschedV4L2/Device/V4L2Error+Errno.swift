import Glibc

extension V4L2Error {
    /// Maps the `errno` of a failed `open` of a device node.
    static func opening(_ path: String, errno code: Int32) -> V4L2Error {
        switch code {
        case ENOENT: return .notFound(path: path)
        case EACCES, EPERM: return .permissionDenied(path: path)
        case EBUSY: return .busy(path: path)
        case ENODEV, ENXIO: return .disconnected(path: path)
        // A folder, or a file or device that answers no V4L2 ioctl.
        case EISDIR, ENOTTY, EINVAL: return .notACaptureDevice(path: path)
        default: return .ioctl(name: "open", errno: code, path: path)
        }
    }

    /// Maps the `errno` of a failed call on an open device.
    static func calling(_ call: V4L2Call, path: String, errno code: Int32) -> V4L2Error {
        switch code {
        case ENODEV, ENXIO: return .disconnected(path: path)
        case EBUSY where call.busyMeansInUse: return .busy(path: path)
        default: return .ioctl(name: call.name, errno: code, path: path)
        }
    }
}
