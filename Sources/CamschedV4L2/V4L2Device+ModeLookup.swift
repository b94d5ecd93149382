internal import CV4L2Shim
import Glibc

extension V4L2Device {
    /// The pixel formats the node captures in, without their sizes: one ioctl per format,
    /// where ``formats()`` costs one per format, size and frame interval (thousands on a
    /// driver such as vivid, which is most of a cold still's time under emulation).
    /// - Throws: `.disconnected`, or `.ioctl` when the enumeration fails other than by ending.
    ///
    /// The corresponding C call is `VIDIOC_ENUM_FMT`.
    public func pixelFormats() throws(V4L2Error) -> [FourCC] {
        guard capability.isVideoCapture else { return [] }
        return try lock.withLock { () throws(V4L2Error) -> [FourCC] in
            var result: [FourCC] = []
            var index: UInt32 = 0
            while true {
                var raw = v4l2_fmtdesc()
                raw.index = index
                raw.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
                let code = perform(.enumFormat, &raw)
                if code == EINVAL { break }
                if code != 0 { throw V4L2Error.calling(.enumFormat, path: path, errno: code) }
                result.append(FourCC(rawValue: raw.pixelformat))
                index += 1
            }
            return result
        }
    }

    /// The frame size `width`x`height` of one pixel format with its intervals, when the
    /// format offers it (a discrete size, or a stepwise range that contains it); nil when not.
    /// Stops at the first match and enumerates the intervals of that size only.
    /// - Throws: `.disconnected`, or `.ioctl` when an enumeration fails other than by ending.
    ///
    /// The corresponding C calls are `VIDIOC_ENUM_FRAMESIZES` and `VIDIOC_ENUM_FRAMEINTERVALS`.
    public func frameSize(_ fourCC: FourCC, width: UInt32, height: UInt32) throws(V4L2Error) -> V4L2FrameSize? {
        try lock.withLock { () throws(V4L2Error) -> V4L2FrameSize? in
            var index: UInt32 = 0
            while true {
                var raw = v4l2_frmsizeenum()
                raw.index = index
                raw.pixel_format = fourCC.rawValue
                let code = perform(.enumFrameSizes, &raw)
                if code == EINVAL || code == ENOTTY { return nil }
                if code != 0 { throw V4L2Error.calling(.enumFrameSizes, path: path, errno: code) }
                if raw.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                    if raw.discrete.width == width && raw.discrete.height == height {
                        let (intervals, range) = try lockedFrameIntervals(fourCC, width: width, height: height)
                        return V4L2FrameSize(width: width, height: height, intervals: intervals, intervalRange: range)
                    }
                } else {
                    let step = raw.stepwise
                    let range = V4L2SizeRange(minWidth: step.min_width, maxWidth: step.max_width, stepWidth: step.step_width,
                                              minHeight: step.min_height, maxHeight: step.max_height, stepHeight: step.step_height)
                    return range.contains(width: width, height: height)
                        ? V4L2FrameSize(width: step.min_width, height: step.min_height, range: range) : nil
                }
                index += 1
            }
        }
    }
}
