internal import CV4L2Shim
import CamschedCore
import Glibc

/// The memory-mapped stream of one device: buffers the driver fills, taken with `dequeue`
/// and handed back with `requeue`, and what the frames' sequence numbers showed. A view over
/// the device (``V4L2Device/stream``): its state lives in the device, under the device's lock.
package struct V4L2Stream: Sendable {
    let device: V4L2Device

    var path: String { device.path }
    private var state: V4L2StreamState { device.streamState }

    /// Allocates and maps `bufferCount` driver buffers, queues them all and starts the stream.
    /// - Parameter bufferCount: buffers to ask for; the driver may grant a different number.
    /// - Throws: `.busy` when another program streams from the device, `.streamError` when
    ///   already streaming, `.unsupported` when the node cannot stream, `.notACaptureDevice`,
    ///   `.disconnected`, `.ioctl` (e.g. `VIDIOC_STREAMON` refused by the driver). On failure
    ///   nothing stays allocated.
    ///
    /// The corresponding C calls are `VIDIOC_REQBUFS`, `VIDIOC_QUERYBUF`, `v4l2_mmap`,
    /// `VIDIOC_QBUF` and `VIDIOC_STREAMON`.
    package func start(bufferCount: Int = 4) throws(V4L2Error) {
        try device.requireVideoCapture()
        guard device.capability.canStream else { throw .unsupported("memory-mapped streaming on \(path)") }
        guard bufferCount > 0 else { throw .unsupported("streaming with \(bufferCount) buffers") }
        try device.lock.withLock { () throws(V4L2Error) in
            guard !state.isStreaming else { throw .streamError("\(path) is already streaming") }
            var request = v4l2_requestbuffers()
            request.count = UInt32(clamping: bufferCount)
            request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            request.memory = V4L2_MEMORY_MMAP.rawValue
            try device.ioctl(.requestBuffers, &request)
            do throws(V4L2Error) {
                guard request.count > 0 else { throw V4L2Error.unsupported("memory-mapped buffers on \(path)") }
                for index in 0..<request.count {
                    var buffer = captureBuffer(index: index)
                    try device.ioctl(.queryBuffer, &buffer)
                    let length = Int(buffer.length)
                    let offset = Int64(cs_v4l2_buffer_offset(&buffer))
                    var start: UnsafeMutableRawPointer?
                    try device.perform(.mmap) { fd in
                        start = cs_v4l2_mmap(length, fd, offset)
                        return start == nil ? -1 : 0
                    }
                    if let start { state.buffers.append(V4L2MappedBuffer(start: start, length: length)) }
                }
                for index in state.buffers.indices {
                    var buffer = captureBuffer(index: UInt32(index))
                    try device.ioctl(.queueBuffer, &buffer)
                }
                var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
                try device.ioctl(.streamOn, &type)
            } catch {
                lockedReleaseBuffers()
                throw error
            }
            state.tracker = SequenceTracker()
            state.isStreaming = true
        }
    }

    /// Waits up to `timeout` for a filled buffer and takes it from the driver. Hand it back with
    /// `requeue(index:)` when done with its bytes, or the driver runs out of buffers.
    /// - Returns: the buffer, or nil when none arrived within `timeout`.
    /// - Throws: `.disconnected` when the device went away, `.streamError` when not streaming
    ///   or after a fatal driver error, `.ioctl` for other failures.
    ///
    /// The corresponding C calls are `poll` and `VIDIOC_DQBUF`.
    package func dequeue(timeout: Duration) throws(V4L2Error) -> V4L2DequeuedBuffer? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        let fd = try device.lock.withLock { () throws(V4L2Error) -> Int32 in
            guard state.isStreaming, device.descriptor >= 0 else { throw .streamError("\(path) is not streaming") }
            return device.descriptor
        }
        while true {
            // Poll first: DQBUF is then only tried when a frame is ready (libv4l2 logs each EAGAIN).
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = SystemCall.valueOrErrno {
                Glibc.poll(&entry, 1, Self.pollMilliseconds(max(clock.now.duration(to: deadline), .zero)))
            }
            guard case let .success(ready) = polled else { throw V4L2Error.calling(.poll, path: path, errno: polled.errnoCode) }
            if ready == 0 {
                if clock.now < deadline { continue }
                return nil
            }
            let failed = Int32(entry.revents) & (POLLERR | POLLHUP | POLLNVAL) != 0
            // After a poll error, DQBUF tells whether the device is gone or the queue failed.
            if let buffer = try takeBuffer(afterPollError: failed) { return buffer }
            if clock.now >= deadline { return nil }
        }
    }

    /// Hands a dequeued buffer back to the driver to be filled again. Safe to call from a
    /// thread other than the one in `dequeue(timeout:)`. Does nothing once the stream stopped.
    /// - Throws: `.disconnected`, `.ioctl`.
    ///
    /// The corresponding C call is `VIDIOC_QBUF`.
    package func requeue(index: Int) throws(V4L2Error) {
        try device.lock.withLock { () throws(V4L2Error) in
            guard state.isStreaming else { return }
            guard state.buffers.indices.contains(index) else {
                throw .streamError("buffer index \(index) out of range 0..<\(state.buffers.count) on \(path)")
            }
            var buffer = captureBuffer(index: UInt32(index))
            try device.ioctl(.queueBuffer, &buffer)
        }
    }

    /// Stops the stream, unmaps the buffers and frees them. Cleans up even when the device is
    /// gone; calling it when not streaming does nothing.
    /// - Throws: `.ioctl` when `VIDIOC_STREAMOFF` fails on a device that is still present.
    ///
    /// The corresponding C calls are `VIDIOC_STREAMOFF`, `v4l2_munmap` and `VIDIOC_REQBUFS`.
    package func stop() throws(V4L2Error) {
        try device.lock.withLock { () throws(V4L2Error) in try lockedStop() }
    }

    /// Whether the device is streaming.
    package var isRunning: Bool { device.lock.withLock { state.isStreaming } }

    /// Frames, drops (sequence gaps), error-flagged frames and timestamp anomalies of the
    /// current (or last) stream.
    package var stats: V4L2StreamStats { device.lock.withLock { state.tracker.stats } }

    // MARK: - With the lock held

    func lockedStop() throws(V4L2Error) {
        var failure: V4L2Error?
        if state.isStreaming {
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            do {
                try device.ioctl(.streamOff, &type)
            } catch .disconnected {
                // Nothing to stop on a device that is gone.
            } catch {
                failure = error
            }
            state.isStreaming = false
        }
        lockedReleaseBuffers()
        if let failure { throw failure }
    }

    /// Unmaps every buffer and frees them in the driver; errors are moot here.
    func lockedReleaseBuffers() {
        for buffer in state.buffers {
            _ = cs_v4l2_munmap(buffer.start, buffer.length)
        }
        state.buffers = []
        var request = v4l2_requestbuffers()
        request.count = 0
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        _ = device.perform(.requestBuffers, &request)
    }

    /// Takes one filled buffer with `VIDIOC_DQBUF` under the lock; nil when none is ready.
    private func takeBuffer(afterPollError: Bool) throws(V4L2Error) -> V4L2DequeuedBuffer? {
        try device.lock.withLock { () throws(V4L2Error) -> V4L2DequeuedBuffer? in
            guard state.isStreaming else { throw .streamError("\(path) is not streaming") }
            var raw = captureBuffer(index: 0)
            let code = device.perform(.dequeueBuffer, &raw)
            switch code {
            case 0:
                break
            case EAGAIN:
                // No frame yet; after a poll error that means the device is gone.
                if afterPollError { throw .disconnected(path: path) }
                return nil
            case EIO:
                throw .streamError("the driver of \(path) reported a fatal streaming error")
            default:
                throw V4L2Error.calling(.dequeueBuffer, path: path, errno: code)
            }
            let index = Int(raw.index)
            guard state.buffers.indices.contains(index) else {
                throw .streamError("the driver of \(path) returned unknown buffer \(index)")
            }
            let mapped = state.buffers[index]
            let count = min(Int(raw.bytesused), mapped.length)
            let buffer = V4L2DequeuedBuffer(
                index: index, bytes: UnsafeRawBufferPointer(start: mapped.start, count: count),
                sequence: raw.sequence, timestampNanoseconds: cs_v4l2_buffer_timestamp_ns(&raw),
                flags: V4L2BufferFlags(rawValue: raw.flags))
            state.tracker.record(buffer)
            return buffer
        }
    }

    private func captureBuffer(index: UInt32) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.index = index
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        return buffer
    }

    /// `poll`'s timeout for the time left, rounded up so that a wait never ends early.
    static func pollMilliseconds(_ remaining: Duration) -> Int32 {
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(milliseconds, 0))
    }
}
