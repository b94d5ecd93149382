internal import CV4L2Shim
import Glibc

/// An open V4L2 device node: its descriptor, what it is (its capability) and the one path
/// every call on it takes. What it can do is reached through the concept in use:
/// `formats` (pixel formats, sizes, frame rates), `controls`, and `stream` (memory-mapped
/// buffers). Each is a view over this device (and keeps the object alive while held).
///
/// Thread rules: every call is safe from any thread; calls on the device are serialised by
/// its one lock, except the wait for a frame in `stream.dequeue(timeout:)`, which does not
/// hold it. So `stream.requeue(index:)` and `controls.get`/`controls.set` may run on other
/// threads while one thread waits in `dequeue`. Only one thread should call `dequeue` at a
/// time, and the memory of a dequeued buffer must not be read after it was requeued or after
/// `stream.stop()` or `close()`. The lock also serialises `QBUF` against `DQBUF`, which
/// libv4l2 needs when it converts formats in software.
/// Unchecked: `lock` guards the descriptor and `streamState`.
package final class V4L2Device: @unchecked Sendable {
    /// The node's path, as given to `init(path:)`.
    package let path: String
    /// What the node is and can do, queried when it was opened.
    package let capability: V4L2Capability

    let lock = V4L2Lock()
    /// The descriptor; -1 once closed. Guarded by `lock`.
    var descriptor: Int32
    /// The mapped buffers and counters of the stream. Guarded by `lock`.
    let streamState = V4L2StreamState()

    /// The pixel formats, frame sizes and frame rates of the node.
    package var formats: V4L2Formats { V4L2Formats(device: self) }
    /// The node's controls: listing, reading and setting them.
    package var controls: V4L2Controls { V4L2Controls(device: self) }
    /// The node's memory-mapped stream of frames.
    package var stream: V4L2Stream { V4L2Stream(device: self) }

    /// Opens a V4L2 node (`O_RDWR | O_NONBLOCK | O_CLOEXEC`), checks that it is one, hands it
    /// to libv4l2 (which may convert formats in software) and queries its capabilities.
    /// - Parameters:
    ///   - path: the node, e.g. `/dev/video0`.
    ///   - requireCapture: throw `.notACaptureDevice` unless the node captures video.
    /// - Throws: `.notFound`, `.permissionDenied`, `.busy`, `.disconnected`,
    ///   `.notACaptureDevice` (also for a file or device that is no V4L2 node), or `.ioctl`.
    ///
    /// The corresponding C calls are `open`, `v4l2_fd_open` and `VIDIOC_QUERYCAP`.
    package init(path: String, requireCapture: Bool = false) throws(V4L2Error) {
        self.path = path
        var opened: Int32 = -1
        let openErrno = V4L2Call.retryingInterrupts {
            opened = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            return opened
        }
        if openErrno != 0 { throw V4L2Error.opening(path, errno: openErrno) }
        descriptor = opened
        let fd = opened
        // Probe without libv4l2 first: it would print its own complaint for a non-V4L2 node.
        var raw = v4l2_capability()
        var code = V4L2Call.retryingInterrupts { cs_sys_ioctl(fd, V4L2Call.querycap.request, &raw) }
        if code == 0 {
            cs_v4l2_quiet_log()
            code = V4L2Call.retryingInterrupts { cs_v4l2_fd_open(fd, 0) }
        }
        if code == 0 {
            code = V4L2Call.retryingInterrupts { cs_v4l2_ioctl(fd, V4L2Call.querycap.request, &raw) }
        }
        if code != 0 {
            _ = cs_v4l2_close(fd)
            descriptor = -1
            if code == ENOTTY || code == EINVAL { throw .notACaptureDevice(path: path) }
            throw V4L2Error.calling(.querycap, path: path, errno: code)
        }
        capability = V4L2Capability(raw)
        if requireCapture && !capability.isVideoCapture {
            _ = cs_v4l2_close(fd)
            descriptor = -1
            throw .notACaptureDevice(path: path)
        }
    }

    deinit {
        close()
    }

    /// Stops streaming if needed, unmaps the buffers and closes the descriptor. Calling it
    /// again does nothing.
    package func close() {
        lock.withLock {
            guard descriptor >= 0 else { return }
            if streamState.isStreaming || !streamState.buffers.isEmpty {
                _ = try? stream.lockedStop()
            }
            _ = cs_v4l2_close(descriptor)
            descriptor = -1
        }
    }

    /// Whether the descriptor is still open.
    package var isOpen: Bool { lock.withLock { descriptor >= 0 } }

    /// Performs one ioctl through the single errno path. Call with `lock` held.
    /// - Returns: 0 on success, or the `errno` of the failure (`EBADF` once closed).
    func perform<Argument>(_ call: V4L2Call, _ argument: inout Argument) -> Int32 {
        let fd = descriptor
        guard fd >= 0 else { return EBADF }
        return withUnsafeMutablePointer(to: &argument) { pointer in
            V4L2Call.retryingInterrupts { cs_v4l2_ioctl(fd, call.request, pointer) }
        }
    }

    /// Performs one ioctl and throws its typed error. Call with `lock` held.
    func ioctl<Argument>(_ call: V4L2Call, _ argument: inout Argument) throws(V4L2Error) {
        let code = perform(call, &argument)
        if code != 0 { throw V4L2Error.calling(call, path: path, errno: code) }
    }

    /// Runs a C helper that makes one call on the descriptor, through the errno path.
    /// Call with `lock` held.
    func perform(_ call: V4L2Call, _ body: (Int32) -> Int32) throws(V4L2Error) {
        let fd = descriptor
        guard fd >= 0 else { throw V4L2Error.calling(call, path: path, errno: EBADF) }
        let code = V4L2Call.retryingInterrupts { body(fd) }
        if code != 0 { throw V4L2Error.calling(call, path: path, errno: code) }
    }

    /// Throws `.notACaptureDevice` unless the node captures video.
    func requireVideoCapture() throws(V4L2Error) {
        guard capability.isVideoCapture else { throw .notACaptureDevice(path: path) }
    }
}
