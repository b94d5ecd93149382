internal import CV4L2Shim
import Glibc

extension V4L2Formats {
    /// The frame interval the node is set to (1/30 for 30 fps).
    /// - Throws: `.unsupported` when the driver has no settable frame rate,
    ///   `.notACaptureDevice`, `.disconnected`, `.ioctl`.
    ///
    /// The corresponding C call is `VIDIOC_G_PARM`.
    package func frameRate() throws(V4L2Error) -> V4L2Fraction {
        try device.requireVideoCapture()
        return try device.lock.withLock { () throws(V4L2Error) -> V4L2Fraction in
            let parameters = try lockedParameters()
            return V4L2Fraction(parameters.parm.capture.timeperframe)
        }
    }

    /// Sets the frame rate and returns the frame interval the driver actually set, which is
    /// its nearest supported one.
    /// - Parameter fps: frames per second, greater than 0.
    /// - Throws: `.unsupported` for a rate ≤ 0 or a driver without a settable rate, `.busy`,
    ///   `.notACaptureDevice`, `.disconnected`, `.ioctl`.
    ///
    /// The corresponding C call is `VIDIOC_S_PARM`.
    @discardableResult
    package func setFrameRate(fps: Double) throws(V4L2Error) -> V4L2Fraction {
        try device.requireVideoCapture()
        guard fps > 0, fps.isFinite else { throw .unsupported("a frame rate of \(fps) fps") }
        return try device.lock.withLock { () throws(V4L2Error) -> V4L2Fraction in
            var parameters = try lockedParameters()
            guard parameters.parm.capture.capability & UInt32(V4L2_CAP_TIMEPERFRAME) != 0 else {
                throw .unsupported("setting the frame rate of \(path)")
            }
            parameters.parm.capture.timeperframe = V4L2Fraction(framesPerSecond: fps).raw
            try device.ioctl(.setParameters, &parameters)
            // S_PARM answers with the interval it chose; read back what the driver holds.
            return V4L2Fraction(try lockedParameters().parm.capture.timeperframe)
        }
    }

    /// The streaming parameters. Call with `lock` held.
    private func lockedParameters() throws(V4L2Error) -> v4l2_streamparm {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        let code = device.perform(.getParameters, &parameters)
        if code == ENOTTY || code == EINVAL { throw .unsupported("reading the frame rate of \(path)") }
        if code != 0 { throw V4L2Error.calling(.getParameters, path: path, errno: code) }
        return parameters
    }
}
