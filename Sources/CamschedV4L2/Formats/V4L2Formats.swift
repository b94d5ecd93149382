internal import CV4L2Shim
import CamschedCore
import Glibc

/// The formats of one device: the pixel formats it captures in with their frame sizes and
/// intervals, the format it is set to, and its frame rate. A view over the device
/// (``V4L2Device/formats``); every call takes the device's lock.
package struct V4L2Formats: Sendable {
    let device: V4L2Device

    var path: String { device.path }

    /// The pixel formats the node captures in, each with its frame sizes and, for discrete
    /// sizes, frame intervals. Empty for a node that does not capture video.
    /// - Throws: `.disconnected`, or `.ioctl` when an enumeration fails other than by ending.
    ///
    /// The corresponding C calls are `VIDIOC_ENUM_FMT`, `VIDIOC_ENUM_FRAMESIZES` and
    /// `VIDIOC_ENUM_FRAMEINTERVALS`.
    package func list() throws(V4L2Error) -> [V4L2FormatDescription] {
        guard device.capability.isVideoCapture else { return [] }
        return try device.lock.withLock { () throws(V4L2Error) -> [V4L2FormatDescription] in
            var result: [V4L2FormatDescription] = []
            try lockedEachFormat { (raw) throws(V4L2Error) in
                let fourCC = FourCC(rawValue: raw.pixelformat)
                result.append(V4L2FormatDescription(
                    fourCC: fourCC, description: String(fixedCString: raw.description),
                    flags: V4L2FormatFlags(rawValue: raw.flags), frameSizes: try lockedFrameSizes(fourCC)))
            }
            return result
        }
    }

    /// Calls `body` with each capture format the driver enumerates. Call with `lock` held.
    func lockedEachFormat(_ body: (v4l2_fmtdesc) throws(V4L2Error) -> Void) throws(V4L2Error) {
        var index: UInt32 = 0
        while true {
            var raw = v4l2_fmtdesc()
            raw.index = index
            raw.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            let code = device.perform(.enumFormat, &raw)
            if code == EINVAL { return }
            if code != 0 { throw V4L2Error.calling(.enumFormat, path: path, errno: code) }
            try body(raw)
            index += 1
        }
    }

    /// Calls `body` with each frame size the driver enumerates for `fourCC` until it returns
    /// false; a stepwise or continuous answer is the only one. Call with `lock` held.
    func lockedEachFrameSize(_ fourCC: FourCC, _ body: (v4l2_frmsizeenum) throws(V4L2Error) -> Bool) throws(V4L2Error) {
        var index: UInt32 = 0
        while true {
            var raw = v4l2_frmsizeenum()
            raw.index = index
            raw.pixel_format = fourCC.rawValue
            let code = device.perform(.enumFrameSizes, &raw)
            // ENOTTY: the driver does not enumerate sizes at all.
            if code == EINVAL || code == ENOTTY { return }
            if code != 0 { throw V4L2Error.calling(.enumFrameSizes, path: path, errno: code) }
            guard try body(raw), raw.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue else { return }
            index += 1
        }
    }

    /// The size range of a stepwise or continuous frame-size answer.
    static func sizeRange(_ raw: v4l2_frmsizeenum) -> V4L2SizeRange {
        let step = raw.stepwise
        return V4L2SizeRange(minWidth: step.min_width, maxWidth: step.max_width, stepWidth: step.step_width,
                             minHeight: step.min_height, maxHeight: step.max_height, stepHeight: step.step_height)
    }

    /// Frame sizes of one format. Call with `lock` held.
    func lockedFrameSizes(_ fourCC: FourCC) throws(V4L2Error) -> [V4L2FrameSize] {
        var sizes: [V4L2FrameSize] = []
        try lockedEachFrameSize(fourCC) { (raw) throws(V4L2Error) -> Bool in
            if raw.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                let width = raw.discrete.width, height = raw.discrete.height
                let (intervals, range) = try lockedFrameIntervals(fourCC, width: width, height: height)
                sizes.append(V4L2FrameSize(width: width, height: height, intervals: intervals, intervalRange: range))
            } else {
                sizes.append(V4L2FrameSize(width: raw.stepwise.min_width, height: raw.stepwise.min_height, range: Self.sizeRange(raw)))
            }
            return true
        }
        return sizes
    }

    /// Frame intervals of one discrete size. Call with `lock` held.
    func lockedFrameIntervals(_ fourCC: FourCC, width: UInt32, height: UInt32)
        throws(V4L2Error) -> ([V4L2Fraction], V4L2FractionRange?)
    {
        var intervals: [V4L2Fraction] = []
        var index: UInt32 = 0
        while true {
            var raw = v4l2_frmivalenum()
            raw.index = index
            raw.pixel_format = fourCC.rawValue
            raw.width = width
            raw.height = height
            let code = device.perform(.enumFrameIntervals, &raw)
            if code == EINVAL || code == ENOTTY { break }
            if code != 0 { throw V4L2Error.calling(.enumFrameIntervals, path: path, errno: code) }
            if raw.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
                intervals.append(V4L2Fraction(raw.discrete))
            } else {
                let step = raw.stepwise
                return ([], V4L2FractionRange(minimum: V4L2Fraction(step.min), maximum: V4L2Fraction(step.max),
                                              step: V4L2Fraction(step.step)))
            }
            index += 1
        }
        return (intervals, nil)
    }

    /// The format the node is set to now.
    /// - Throws: `.notACaptureDevice`, `.disconnected`, `.ioctl`.
    ///
    /// The corresponding C call is `VIDIOC_G_FMT`.
    package func current() throws(V4L2Error) -> V4L2PixFormat {
        try device.requireVideoCapture()
        return try device.lock.withLock { () throws(V4L2Error) -> V4L2PixFormat in
            var raw = v4l2_format()
            raw.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            try device.ioctl(.getFormat, &raw)
            return V4L2PixFormat(raw.fmt.pix)
        }
    }

    /// Sets the pixel format and size, and returns what the driver actually set (it may adjust
    /// the size to the nearest it supports; compare before relying on it).
    /// - Throws: `.busy` when another program streams from the device, `.streamError` while
    ///   this device streams, `.notACaptureDevice`, `.disconnected`, `.ioctl`.
    ///
    /// The corresponding C call is `VIDIOC_S_FMT`.
    @discardableResult
    package func set(fourCC: FourCC, width: UInt32, height: UInt32) throws(V4L2Error) -> V4L2PixFormat {
        try device.requireVideoCapture()
        return try device.lock.withLock { () throws(V4L2Error) -> V4L2PixFormat in
            guard !device.streamState.isStreaming else { throw .streamError("cannot change the format of \(path) while streaming") }
            var raw = pixFormatRequest(fourCC: fourCC, width: width, height: height)
            try device.ioctl(.setFormat, &raw)
            // Read back what the driver holds now, not only what S_FMT answered.
            var current = v4l2_format()
            current.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            try device.ioctl(.getFormat, &current)
            return V4L2PixFormat(current.fmt.pix)
        }
    }

    /// Asks what the driver would set for this format and size, changing nothing.
    /// - Throws: `.notACaptureDevice`, `.disconnected`, `.ioctl`.
    ///
    /// The corresponding C call is `VIDIOC_TRY_FMT`.
    package func wouldSet(fourCC: FourCC, width: UInt32, height: UInt32) throws(V4L2Error) -> V4L2PixFormat {
        try device.requireVideoCapture()
        return try device.lock.withLock { () throws(V4L2Error) -> V4L2PixFormat in
            var raw = pixFormatRequest(fourCC: fourCC, width: width, height: height)
            try device.ioctl(.tryFormat, &raw)
            return V4L2PixFormat(raw.fmt.pix)
        }
    }

    private func pixFormatRequest(fourCC: FourCC, width: UInt32, height: UInt32) -> v4l2_format {
        var raw = v4l2_format()
        raw.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        raw.fmt.pix.width = width
        raw.fmt.pix.height = height
        raw.fmt.pix.pixelformat = fourCC.rawValue
        raw.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        return raw
    }
}
