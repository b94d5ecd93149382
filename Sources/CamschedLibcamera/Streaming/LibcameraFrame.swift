/// One completed request: the frame's bytes, mapped from libcamera's buffer, valid until the
/// frame is given back (`LibcameraCamera.requeue`) or the camera released; copy what must
/// outlive that.
package struct LibcameraFrame {
    /// The request's index, which `requeue` takes back.
    package let request: UInt32
    /// The buffer's frame sequence number (gaps are frames the pipeline dropped).
    package let sequence: UInt32
    /// The buffer's timestamp (CLOCK_MONOTONIC ns).
    package let bufferTimestamp: UInt64
    /// libcamera marked the buffer as an error (its bytes may be incomplete).
    package let isDamaged: Bool
    /// Each plane's bytes used (one plane for packed RGB and YUYV).
    package let planes: [UnsafeRawBufferPointer]
    package let metadata: LibcameraFrameMetadata

    /// `SensorTimestamp` (CLOCK_MONOTONIC ns), where the pipeline reports it.
    package var sensorTimestamp: UInt64? { metadata.sensorTimestamp }
}

/// What a wait for a frame ended with.
package enum LibcameraWait {
    case frame(LibcameraFrame)
    /// The deadline passed first (a stopped stream, or a camera that stopped delivering).
    case timedOut
    /// `cancelWait()` was called (from another thread) before a frame came.
    case cancelled
}
