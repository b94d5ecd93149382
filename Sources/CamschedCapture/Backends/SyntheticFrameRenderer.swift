import CamschedCore
import CamschedMedia
import CamschedV4L2
import Foundation

/// Draws the `test:` camera's frames with ``SyntheticPattern``: each frame carries its
/// sequence number and timestamp in its pixels, so tests can tell exactly which frame ended
/// up in a file.
enum SyntheticFrameRenderer {
    static func render(format: CameraFormat, pattern: String, sequence: UInt32, timestampNanoseconds: Int64,
                       exposure: Int64, metadata: FrameMetadata) throws(CameraError) -> VideoFrame {
        do {
            if format.pixelFormat == .mjpg || format.pixelFormat == .jpeg, pattern != "bars" {
                // Another pattern is drawn on the raw picture, which is then made a JPEG.
                var raw = format
                (raw.pixelFormat, raw.bytesPerLine) = (.yu12, format.width)
                let picture = try render(format: raw, pattern: pattern, sequence: sequence, timestampNanoseconds: timestampNanoseconds,
                                         exposure: exposure, metadata: metadata)
                let jpeg = try StillEncoder().encode(picture, format: .jpeg, quality: 85)
                return jpeg.withUnsafeBytes { bytes in
                    VideoFrame(width: format.width, height: format.height, pixelFormat: format.pixelFormat, bytesPerLine: 0,
                               copying: bytes, sequence: sequence, timestampNanoseconds: timestampNanoseconds,
                               wallClock: Date(), metadata: metadata)
                }
            }
            if format.pixelFormat == .mjpg || format.pixelFormat == .jpeg {
                return try SyntheticPattern.makeFrame(width: format.width, height: format.height, pixelFormat: format.pixelFormat,
                                                      frameNumber: sequence, timestampNanoseconds: timestampNanoseconds,
                                                      sequence: sequence, wallClock: Date(), metadata: metadata, jpegQuality: 85)
            }
            let size = SyntheticPattern.byteCount(width: format.width, height: format.height, pixelFormat: format.pixelFormat,
                                                  bytesPerLine: format.bytesPerLine)
            let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
            do {
                try SyntheticPattern.fill(storage, width: format.width, height: format.height, bytesPerLine: format.bytesPerLine,
                                          pixelFormat: format.pixelFormat, frameNumber: sequence,
                                          timestampNanoseconds: timestampNanoseconds)
            } catch {
                storage.deallocate()
                throw error
            }
            SyntheticPatternStyle(rawValue: pattern)?.apply(to: storage, format: format, frameNumber: sequence)
            return VideoFrame(width: format.width, height: format.height, pixelFormat: format.pixelFormat,
                              bytesPerLine: format.bytesPerLine, memory: FrameMemory(owning: storage, count: size),
                              sequence: sequence, timestampNanoseconds: timestampNanoseconds, wallClock: Date(),
                              metadata: metadata)
        } catch {
            throw .streamFailed(path: "test:", reason: "the test pattern could not be drawn: \(error)")
        }
    }
}
