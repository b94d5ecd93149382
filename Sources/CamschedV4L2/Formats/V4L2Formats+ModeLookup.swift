internal import CV4L2Shim
import CamschedCore
import Glibc

extension V4L2Formats {
    /// The pixel formats the node captures in, without their sizes: one ioctl per format,
    /// where ``list()`` costs one per format, size and frame interval (thousands on a
    /// driver such as vivid, which is most of a cold still's time under emulation).
    /// - Throws: `.disconnected`, or `.ioctl` when the enumeration fails other than by ending.
    ///
    /// The corresponding C call is `VIDIOC_ENUM_FMT`.
    package func pixelFormats() throws(V4L2Error) -> [FourCC] {
        guard device.capability.isVideoCapture else { return [] }
        return try device.lock.withLock { () throws(V4L2Error) -> [FourCC] in
            var result: [FourCC] = []
            try lockedEachFormat { raw in result.append(FourCC(rawValue: raw.pixelformat)) }
            return result
        }
    }

    /// The frame size `width`x`height` of one pixel format with its intervals, when the
    /// format offers it (a discrete size, or a stepwise range that contains it); nil when not.
    /// Stops at the first match and enumerates the intervals of that size only.
    /// - Throws: `.disconnected`, or `.ioctl` when an enumeration fails other than by ending.
    ///
    /// The corresponding C calls are `VIDIOC_ENUM_FRAMESIZES` and `VIDIOC_ENUM_FRAMEINTERVALS`.
    package func frameSize(_ fourCC: FourCC, width: UInt32, height: UInt32) throws(V4L2Error) -> V4L2FrameSize? {
        try device.lock.withLock { () throws(V4L2Error) -> V4L2FrameSize? in
            var found: V4L2FrameSize?
            try lockedEachFrameSize(fourCC) { (raw) throws(V4L2Error) -> Bool in
                if raw.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                    guard raw.discrete.width == width && raw.discrete.height == height else { return true }
                    let (intervals, range) = try lockedFrameIntervals(fourCC, width: width, height: height)
                    found = V4L2FrameSize(width: width, height: height, intervals: intervals, intervalRange: range)
                } else {
                    let range = Self.sizeRange(raw)
                    if range.contains(width: width, height: height) {
                        found = V4L2FrameSize(width: raw.stepwise.min_width, height: raw.stepwise.min_height, range: range)
                    }
                }
                return false
            }
            return found
        }
    }
}
