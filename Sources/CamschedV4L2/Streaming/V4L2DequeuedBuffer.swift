/// A filled buffer taken from the driver. Its memory belongs to the device: it stays valid and
/// unchanged until the buffer is handed back with `V4L2Stream.requeue(index:)` or the stream
/// stops, so copy or encode the bytes first, then requeue, from any thread.
package struct V4L2DequeuedBuffer {
    /// The buffer's index, to pass to `requeue(index:)`.
    package let index: Int
    /// The frame's bytes (`bytesUsed` of them) in the mapped buffer.
    package let bytes: UnsafeRawBufferPointer
    /// The driver's frame counter; gaps mean frames the driver dropped.
    package let sequence: UInt32
    /// When the frame was captured, in nanoseconds on `CLOCK_MONOTONIC` (when `flags` has
    /// `.timestampMonotonic`, as for every current driver).
    package let timestampNanoseconds: Int64
    package let flags: V4L2BufferFlags

    package init(index: Int, bytes: UnsafeRawBufferPointer, sequence: UInt32, timestampNanoseconds: Int64, flags: V4L2BufferFlags) {
        self.index = index
        self.bytes = bytes
        self.sequence = sequence
        self.timestampNanoseconds = timestampNanoseconds
        self.flags = flags
    }

    /// The number of bytes of the frame.
    package var bytesUsed: Int { bytes.count }

    /// Whether the driver marked the frame as possibly corrupt (`V4L2_BUF_FLAG_ERROR`).
    package var hasError: Bool { flags.contains(.error) }
}
