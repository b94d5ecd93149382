internal import CV4L2Shim

/// The `V4L2_BUF_FLAG_*` bits of a dequeued buffer.
package struct V4L2BufferFlags: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The frame may be corrupt (the driver says so); the stream goes on.
    package static let error = Self(rawValue: UInt32(V4L2_BUF_FLAG_ERROR))
    package static let keyFrame = Self(rawValue: UInt32(V4L2_BUF_FLAG_KEYFRAME))
    /// The timestamp is on `CLOCK_MONOTONIC`.
    package static let timestampMonotonic = Self(rawValue: UInt32(V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC))
    /// The timestamp was taken at the start of exposure rather than at the end of the frame.
    package static let timestampStartOfExposure = Self(rawValue: UInt32(V4L2_BUF_FLAG_TSTAMP_SRC_SOE))
    /// The last buffer of a stream (after a resolution change or a stop).
    package static let last = Self(rawValue: UInt32(V4L2_BUF_FLAG_LAST))
}
