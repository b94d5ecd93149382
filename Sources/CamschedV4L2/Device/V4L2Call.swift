internal import CV4L2Shim
import CamschedCore
import Glibc

/// A call on a device: its name for error messages, its ioctl request number, and whether
/// `EBUSY` from it means that another program holds the device.
struct V4L2Call: Sendable {
    let name: String
    let request: UInt
    let busyMeansInUse: Bool

    init(_ name: String, _ request: UInt, busyMeansInUse: Bool = false) {
        self.name = name
        self.request = request
        self.busyMeansInUse = busyMeansInUse
    }

    /// Runs `body` (a C call returning -1 with `errno` on failure) on the one errno path
    /// (``SystemCall``): 0 on success, else the `errno` of the failure.
    static func retryingInterrupts(_ body: () -> Int32) -> Int32 {
        SystemCall.valueOrErrno(body).errnoCode
    }

    static let querycap = V4L2Call("VIDIOC_QUERYCAP", CS_VIDIOC_QUERYCAP)
    static let enumFormat = V4L2Call("VIDIOC_ENUM_FMT", CS_VIDIOC_ENUM_FMT)
    static let enumFrameSizes = V4L2Call("VIDIOC_ENUM_FRAMESIZES", CS_VIDIOC_ENUM_FRAMESIZES)
    static let enumFrameIntervals = V4L2Call("VIDIOC_ENUM_FRAMEINTERVALS", CS_VIDIOC_ENUM_FRAMEINTERVALS)
    static let getFormat = V4L2Call("VIDIOC_G_FMT", CS_VIDIOC_G_FMT)
    static let setFormat = V4L2Call("VIDIOC_S_FMT", CS_VIDIOC_S_FMT, busyMeansInUse: true)
    static let tryFormat = V4L2Call("VIDIOC_TRY_FMT", CS_VIDIOC_TRY_FMT)
    static let getParameters = V4L2Call("VIDIOC_G_PARM", CS_VIDIOC_G_PARM)
    static let setParameters = V4L2Call("VIDIOC_S_PARM", CS_VIDIOC_S_PARM, busyMeansInUse: true)
    static let queryExtendedControl = V4L2Call("VIDIOC_QUERY_EXT_CTRL", CS_VIDIOC_QUERY_EXT_CTRL)
    static let queryMenu = V4L2Call("VIDIOC_QUERYMENU", CS_VIDIOC_QUERYMENU)
    static let getExtendedControls = V4L2Call("VIDIOC_G_EXT_CTRLS", CS_VIDIOC_G_EXT_CTRLS)
    static let setExtendedControls = V4L2Call("VIDIOC_S_EXT_CTRLS", CS_VIDIOC_S_EXT_CTRLS)
    static let requestBuffers = V4L2Call("VIDIOC_REQBUFS", CS_VIDIOC_REQBUFS, busyMeansInUse: true)
    static let queryBuffer = V4L2Call("VIDIOC_QUERYBUF", CS_VIDIOC_QUERYBUF)
    static let queueBuffer = V4L2Call("VIDIOC_QBUF", CS_VIDIOC_QBUF)
    static let dequeueBuffer = V4L2Call("VIDIOC_DQBUF", CS_VIDIOC_DQBUF)
    static let streamOn = V4L2Call("VIDIOC_STREAMON", CS_VIDIOC_STREAMON, busyMeansInUse: true)
    static let streamOff = V4L2Call("VIDIOC_STREAMOFF", CS_VIDIOC_STREAMOFF)
    static let mmap = V4L2Call("mmap", 0)
    static let munmap = V4L2Call("munmap", 0)
    static let poll = V4L2Call("poll", 0)
    static let close = V4L2Call("close", 0)
}
