internal import CJPEGShim
import CamschedCore

/// A camera's JPEG (MJPEG) frame decoded by libjpeg-turbo into a YU12 frame, without loading
/// FFmpeg's libraries: what a still's brightness needs (``FrameMeter``). A one-shot run from cron
/// spent about 25 ms of its host CPU opening libavcodec and its dependencies for it.
package enum JPEGPicture {
    /// The YU12 picture of `frame` (MJPG or JPEG) at its size rounded down to even, full range as
    /// stored; nil when it does not decode or is of another size than the frame says.
    package static func yu12(of frame: VideoFrame) -> VideoFrame? {
        let (width, height) = (frame.width & ~1, frame.height & ~1)
        guard width >= 2, height >= 2, let source = frame.bytes.baseAddress, !frame.bytes.isEmpty else { return nil }
        let count = width * height * 3 / 2
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 64)
        guard let out = storage.baseAddress else {
            storage.deallocate()
            return nil
        }
        var (decodedWidth, decodedHeight): (Int32, Int32) = (0, 0)
        var message = [CChar](repeating: 0, count: 256)
        let result = cs_jpeg_decode_yu12(source.assumingMemoryBound(to: UInt8.self), frame.bytes.count,
                                         out.assumingMemoryBound(to: UInt8.self), count, &decodedWidth, &decodedHeight,
                                         &message, message.count)
        guard result == 0, Int(decodedWidth) == width, Int(decodedHeight) == height else {
            storage.deallocate()
            return nil
        }
        return VideoFrame(width: width, height: height, pixelFormat: .yu12, bytesPerLine: width,
                          memory: FrameMemory(owning: storage, count: count), sequence: frame.sequence,
                          timestampNanoseconds: frame.timestampNanoseconds, wallClock: frame.wallClock, metadata: frame.metadata)
    }
}
