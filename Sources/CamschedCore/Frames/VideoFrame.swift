import Foundation

/// One frame from a camera: pixels plus what is known about when and how it was taken.
///
/// A frame is shared by every consumer without copying (it is a class). Its pixels are a
/// ``FrameMemory``, which may be a driver buffer: it goes back when the last frame holding it
/// is released. A consumer that wants to keep pixels longer calls ``detached()``.
/// Every property is a constant of a Sendable type, so the frame is checked Sendable.
package final class VideoFrame: Sendable {
    /// Width and height in pixels.
    package let width: Int
    package let height: Int
    /// The pixel layout of `bytes`.
    package let pixelFormat: FourCC
    /// Bytes per line of the first plane (for packed formats the only plane). For planar
    /// 4:2:0 formats (NV12, YU12) the chroma planes follow the luma plane directly.
    package let bytesPerLine: Int
    /// The memory the pixels are in, given back when the last frame holding it is released.
    package let memory: FrameMemory
    /// The camera's frame counter (V4L2 `sequence`).
    package let sequence: UInt32
    /// Capture time on the monotonic clock, in nanoseconds (V4L2 buffer timestamp).
    package let timestampNanoseconds: Int64
    /// Wall-clock time of capture.
    package let wallClock: Date
    /// Settings that travel with the frame for writers and metadata (``with(metadata:)`` for
    /// other ones).
    package let metadata: FrameMetadata

    /// The pixel data; valid as long as this frame is alive.
    package var bytes: UnsafeRawBufferPointer { memory.bytes }

    /// A frame whose pixels are `memory`.
    package init(width: Int, height: Int, pixelFormat: FourCC, bytesPerLine: Int, memory: FrameMemory,
                sequence: UInt32, timestampNanoseconds: Int64, wallClock: Date,
                metadata: FrameMetadata = FrameMetadata()) {
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.bytesPerLine = bytesPerLine
        self.memory = memory
        self.sequence = sequence
        self.timestampNanoseconds = timestampNanoseconds
        self.wallClock = wallClock
        self.metadata = metadata
    }

    /// Copies `data` into memory owned by the frame.
    package convenience init(width: Int, height: Int, pixelFormat: FourCC, bytesPerLine: Int,
                            copying data: UnsafeRawBufferPointer, sequence: UInt32,
                            timestampNanoseconds: Int64, wallClock: Date,
                            metadata: FrameMetadata = FrameMetadata()) {
        self.init(width: width, height: height, pixelFormat: pixelFormat, bytesPerLine: bytesPerLine,
                  memory: FrameMemory(copying: data), sequence: sequence,
                  timestampNanoseconds: timestampNanoseconds, wallClock: wallClock, metadata: metadata)
    }

    /// The same pixels with other metadata, without copying: both frames share one
    /// ``FrameMemory``, given back (a driver buffer queued again) when the last of them goes.
    package func with(metadata: FrameMetadata) -> VideoFrame {
        VideoFrame(width: width, height: height, pixelFormat: pixelFormat, bytesPerLine: bytesPerLine, memory: memory,
                   sequence: sequence, timestampNanoseconds: timestampNanoseconds, wallClock: wallClock,
                   metadata: metadata)
    }

    /// The same pixels stamped at another time, without copying (a rehearsal's frames carry
    /// the simulated clock's times).
    package func restamped(timestampNanoseconds: Int64, wallClock: Date) -> VideoFrame {
        VideoFrame(width: width, height: height, pixelFormat: pixelFormat, bytesPerLine: bytesPerLine, memory: memory,
                   sequence: sequence, timestampNanoseconds: timestampNanoseconds, wallClock: wallClock,
                   metadata: metadata)
    }

    /// A copy whose memory is owned by the frame itself, so the original (and its driver
    /// buffer) can be released at once.
    package func detached() -> VideoFrame {
        VideoFrame(width: width, height: height, pixelFormat: pixelFormat, bytesPerLine: bytesPerLine,
                   copying: bytes, sequence: sequence, timestampNanoseconds: timestampNanoseconds,
                   wallClock: wallClock, metadata: metadata)
    }
}
