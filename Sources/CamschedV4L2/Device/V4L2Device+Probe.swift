internal import CV4L2Shim
import Glibc

extension V4L2Device {
    /// What a node is, without handing it to libv4l2: opening through libv4l2 enumerates every
    /// format and size for its converter, which is what makes finding a camera slow on a small
    /// or emulated board. Plain `open`, `VIDIOC_QUERYCAP`, `close`.
    /// - Throws: `.opening` when the node cannot be opened, `.notACaptureDevice` when it is no
    ///   V4L2 node, `.ioctl` for other failures.
    package static func probeCapability(path: String) throws(V4L2Error) -> V4L2Capability {
        var fd: Int32 = -1
        let openErrno = V4L2Call.retryingInterrupts {
            fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            return fd
        }
        if openErrno != 0 { throw V4L2Error.opening(path, errno: openErrno) }
        defer { Glibc.close(fd) }
        var raw = v4l2_capability()
        let code = V4L2Call.retryingInterrupts { cs_sys_ioctl(fd, V4L2Call.querycap.request, &raw) }
        if code == ENOTTY || code == EINVAL { throw .notACaptureDevice(path: path) }
        if code != 0 { throw V4L2Error.calling(.querycap, path: path, errno: code) }
        return V4L2Capability(raw)
    }
}
