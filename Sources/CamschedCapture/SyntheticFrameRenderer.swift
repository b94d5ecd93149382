import CamschedMedia
import CamschedV4L2
import Foundation

/// Draws the `test:` camera's frames (see ``SyntheticPattern`` for the pattern itself).
enum SyntheticFrameRenderer {
    static func render(format: CameraFormat, pattern: String, sequence: UInt32, timestampNanoseconds: Int64,
                       exposure: Int64, metadata: FrameMetadata) -> VideoFrame {
        let size = frameBytes(format)
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: 64 + min(exposure, 1000) / 8))
        let owner = StorageOwner(storage)
        return VideoFrame(width: format.width, height: format.height, pixelFormat: format.pixelFormat,
                          bytesPerLine: format.bytesPerLine, bytes: UnsafeRawBufferPointer(storage),
                          sequence: sequence, timestampNanoseconds: timestampNanoseconds, wallClock: Date(),
                          metadata: metadata, onRelease: { owner.free() })
    }

    static func frameBytes(_ format: CameraFormat) -> Int {
        switch format.pixelFormat {
        case .yuyv, .uyvy: return format.width * format.height * 2
        default: return format.width * format.height * 3 / 2
        }
    }
}

final class StorageOwner: @unchecked Sendable {
    private let storage: UnsafeMutableRawBufferPointer
    init(_ storage: UnsafeMutableRawBufferPointer) { self.storage = storage }
    func free() { storage.deallocate() }
}
