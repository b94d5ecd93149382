internal import CFFmpegShim
import CamschedCore
import Foundation

/// Turns decoded pictures into YU12 ``VideoFrame``s laid out as `VideoFrame` documents it: the
/// two chroma planes right after the luma plane, rows `width` and `width / 2` bytes long.
///
/// A picture that already is laid out so (a Y4M or raw 4:2:0 file) is handed on without a copy;
/// anything else is converted once by libswscale into a pooled, tightly packed picture. Either
/// way the frame's pixels belong to an ``OwnedAVFrame`` that the frame keeps until its last
/// consumer lets go of it, so pixels in use are never overwritten or freed early.
package final class YU12FramePacker {
    /// The size of the frames it makes (both even).
    package let width: Int
    package let height: Int
    private let scaler = ScaleContext(alignment: 1)

    /// - Parameters: width, height: the frame size; odd values are rounded down to even.
    package init(width: Int, height: Int) {
        self.width = width & ~1
        self.height = height & ~1
    }

    /// `picture` as a YU12 frame with the given sequence number and times.
    /// - Throws: `AVError` when libswscale cannot convert the picture's format,
    ///   `MediaError.invalidState` when the conversion did not produce packed planes.
    package func frame(from picture: OwnedAVFrame, sequence: UInt32, timestampNanoseconds: Int64,
                      wallClock: Date) throws -> VideoFrame {
        let packed = isPacked(picture)
            ? picture
            : try scaler.scale(picture, width: width, height: height, format: AV_PIX_FMT_YUV420P)
        guard isPacked(packed), let luma = packed.plane(0) else {
            throw MediaError.invalidState("converting a \(PixelFormatMapping.name(of: picture.format)) picture to packed yuv420p failed")
        }
        // The picture stays referenced until the frame's memory is given back.
        let memory = FrameMemory(bytes: UnsafeRawBufferPointer(start: luma, count: width * height * 3 / 2)) {
            withExtendedLifetime(packed) {}
        }
        return VideoFrame(width: width, height: height, pixelFormat: .yu12, bytesPerLine: width, memory: memory,
                          sequence: sequence, timestampNanoseconds: timestampNanoseconds, wallClock: wallClock)
    }

    /// Whether `picture` is reference-counted 4:2:0 of this size with its planes back to back
    /// and no row padding.
    private func isPacked(_ picture: OwnedAVFrame) -> Bool {
        let lumaSize = width * height
        guard picture.format == AV_PIX_FMT_YUV420P, picture.width == width, picture.height == height,
              picture.pointer.pointee.buf.0 != nil,
              let y = picture.plane(0), let u = picture.plane(1), let v = picture.plane(2) else { return false }
        return picture.lineSize(0) == width && picture.lineSize(1) == width / 2 && picture.lineSize(2) == width / 2
            && u == y + lumaSize && v == u + lumaSize / 4
    }
}
