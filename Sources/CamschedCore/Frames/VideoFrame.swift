import Foundation

/// One frame from a camera: pixels plus what is known about when and how it was taken.
///
/// A frame is shared by every consumer without copying (it is a class). Its pixel memory may
/// belong to a driver buffer; `onRelease` hands it back when the last consumer lets go of the
/// frame (`deinit`). A consumer that wants to keep pixels longer calls ``detached()``.
/// Unchecked: `bytes` is a raw pointer into memory the frame owns until released, only ever
/// read; every other property is a constant.
public final class VideoFrame: @unchecked Sendable {
    /// Width and height in pixels.
    public let width: Int
    public let height: Int
    /// The pixel layout of `bytes`.
    public let pixelFormat: FourCC
    /// Bytes per line of the first plane (for packed formats the only plane). For planar
    /// 4:2:0 formats (NV12, YU12) the chroma planes follow the luma plane directly.
    public let bytesPerLine: Int
    /// The pixel data; valid as long as this frame is alive.
    public let bytes: UnsafeRawBufferPointer
    /// The camera's frame counter (V4L2 `sequence`).
    public let sequence: UInt32
    /// Capture time on the monotonic clock, in nanoseconds (V4L2 buffer timestamp).
    public let timestampNanoseconds: Int64
    /// Wall-clock time of capture.
    public let wallClock: Date
    /// Settings that travel with the frame for writers and metadata (``with(metadata:)`` for
    /// other ones).
    public let metadata: FrameMetadata

    private let onRelease: (@Sendable () -> Void)?

    /// Wraps memory that stays valid until `onRelease` is called.
    public init(width: Int, height: Int, pixelFormat: FourCC, bytesPerLine: Int,
                bytes: UnsafeRawBufferPointer, sequence: UInt32, timestampNanoseconds: Int64,
                wallClock: Date, metadata: FrameMetadata = FrameMetadata(),
                onRelease: (@Sendable () -> Void)?) {
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.bytesPerLine = bytesPerLine
        self.bytes = bytes
        self.sequence = sequence
        self.timestampNanoseconds = timestampNanoseconds
        self.wallClock = wallClock
        self.metadata = metadata
        self.onRelease = onRelease
    }

    /// Copies `data` into memory owned by the frame.
    public convenience init(width: Int, height: Int, pixelFormat: FourCC, bytesPerLine: Int,
                            copying data: UnsafeRawBufferPointer, sequence: UInt32,
                            timestampNanoseconds: Int64, wallClock: Date,
                            metadata: FrameMetadata = FrameMetadata()) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 64)
        if data.count > 0 { storage.copyMemory(from: data) }
        self.init(width: width, height: height, pixelFormat: pixelFormat, bytesPerLine: bytesPerLine,
                  owning: storage, count: data.count, sequence: sequence,
                  timestampNanoseconds: timestampNanoseconds, wallClock: wallClock, metadata: metadata)
    }

    /// Takes over `storage` (allocated by the caller, its first `count` bytes the pixels):
    /// freed when the last consumer lets go of the frame.
    public convenience init(width: Int, height: Int, pixelFormat: FourCC, bytesPerLine: Int,
                            owning storage: UnsafeMutableRawBufferPointer, count: Int, sequence: UInt32,
                            timestampNanoseconds: Int64, wallClock: Date, metadata: FrameMetadata = FrameMetadata()) {
        let owned = OwnedBuffer(storage)
        self.init(width: width, height: height, pixelFormat: pixelFormat, bytesPerLine: bytesPerLine,
                  bytes: UnsafeRawBufferPointer(rebasing: storage[0..<min(count, storage.count)]), sequence: sequence,
                  timestampNanoseconds: timestampNanoseconds, wallClock: wallClock, metadata: metadata,
                  onRelease: { owned.free() })
    }

    deinit { onRelease?() }

    /// The same pixels with other metadata, without copying: this frame (and its driver buffer)
    /// is released when the returned one is.
    public func with(metadata: FrameMetadata) -> VideoFrame {
        VideoFrame(width: width, height: height, pixelFormat: pixelFormat, bytesPerLine: bytesPerLine, bytes: bytes,
                   sequence: sequence, timestampNanoseconds: timestampNanoseconds, wallClock: wallClock,
                   metadata: metadata, onRelease: { withExtendedLifetime(self) {} })
    }

    /// A copy whose memory is owned by the frame itself, so the original (and its driver
    /// buffer) can be released at once.
    public func detached() -> VideoFrame {
        VideoFrame(width: width, height: height, pixelFormat: pixelFormat, bytesPerLine: bytesPerLine,
                   copying: bytes, sequence: sequence, timestampNanoseconds: timestampNanoseconds,
                   wallClock: wallClock, metadata: metadata)
    }
}

/// Heap memory freed exactly once: by the frame's release, which runs once, on whichever
/// thread lets go of the frame last. Unchecked: it holds a raw pointer, never read or written
/// through here.
private final class OwnedBuffer: @unchecked Sendable {
    private let buffer: UnsafeMutableRawBufferPointer
    init(_ buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }
    func free() { buffer.deallocate() }
}

/// What travels with a frame besides its pixels.
public struct FrameMetadata: Sendable, Equatable {
    /// Each control's value at capture, by the name `camsched devices` prints.
    public var controls: [String: Int64]
    /// Clockwise rotation of the mounted sensor in degrees (0, 90, 180, 270).
    public var rotation: Int
    /// Whether the image is mirrored horizontally.
    public var mirror: Bool
    /// Digital zoom factor still to apply (centre crop); 1 when none.
    public var digitalZoom: Double
    /// Frames the stream lost before this one (set as the frame is handed on): what a still's
    /// sidecar says, exact however far the stream has read ahead.
    public var droppedBefore = 0

    public init(controls: [String: Int64] = [:], rotation: Int = 0, mirror: Bool = false, digitalZoom: Double = 1) {
        self.controls = controls
        self.rotation = rotation
        self.mirror = mirror
        self.digitalZoom = digitalZoom
    }
}
