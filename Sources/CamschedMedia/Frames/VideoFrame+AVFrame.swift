internal import CFFmpegShim
import CamschedCore

extension VideoFrame {
    /// Bytes a raw frame of this size, format and first-plane stride occupies.
    func requiredByteCount(for format: AVPixelFormat) -> Int {
        let chromaHeight = (height + 1) / 2
        switch format {
        case AV_PIX_FMT_NV12, AV_PIX_FMT_NV21: return bytesPerLine * height + bytesPerLine * chromaHeight
        case AV_PIX_FMT_NV16: return bytesPerLine * height * 2
        case AV_PIX_FMT_YUV420P: return bytesPerLine * height + 2 * (bytesPerLine / 2) * chromaHeight
        case AV_PIX_FMT_YUV422P: return bytesPerLine * height + 2 * (bytesPerLine / 2) * height
        default: return bytesPerLine * height
        }
    }

    /// An `AVFrame` whose planes point into this frame's memory — no copy.
    ///
    /// The `AVFrame` carries a reference-counted buffer that retains this frame's `FrameMemory`, so
    /// the pixels stay valid for as long as libav (an encoder queueing frames, for example)
    /// holds any reference to it, even after the caller has let the `VideoFrame` go.
    /// The corresponding C call is `av_buffer_create`.
    /// - Throws: `MediaError.unsupportedPixelFormat` for compressed or unknown formats,
    ///   `MediaError.frameTooSmall` when `bytes` cannot hold the picture.
    func wrappedAVFrame() throws -> OwnedAVFrame {
        guard case let .raw(format, swapsChroma) = PixelFormatMapping.representation(of: pixelFormat) else {
            throw MediaError.unsupportedPixelFormat(pixelFormat)
        }
        let needed = requiredByteCount(for: format)
        guard width > 0, height > 0, bytes.count >= needed, let base = bytes.baseAddress else {
            throw MediaError.frameTooSmall(needed: needed, available: bytes.count)
        }
        let frame = try OwnedAVFrame()
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        frame.pointer.pointee.format = format.rawValue
        let data = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        let lumaSize = bytesPerLine * height
        switch format {
        case AV_PIX_FMT_NV12, AV_PIX_FMT_NV21, AV_PIX_FMT_NV16:
            frame.setPlane(0, data, lineSize: bytesPerLine)
            frame.setPlane(1, data + lumaSize, lineSize: bytesPerLine)
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV422P:
            let chromaStride = bytesPerLine / 2
            let chromaRows = format == AV_PIX_FMT_YUV420P ? (height + 1) / 2 : height
            let first = data + lumaSize
            let second = first + chromaStride * chromaRows
            frame.setPlane(0, data, lineSize: bytesPerLine)
            frame.setPlane(1, swapsChroma ? second : first, lineSize: chromaStride)
            frame.setPlane(2, swapsChroma ? first : second, lineSize: chromaStride)
        default:
            frame.setPlane(0, data, lineSize: bytesPerLine)
        }
        let retained = Unmanaged.passRetained(memory).toOpaque()
        let buffer = av_buffer_create(data, bytes.count, { opaque, _ in
            guard let opaque else { return }
            Unmanaged<FrameMemory>.fromOpaque(opaque).release()
        }, retained, Int32(AV_BUFFER_FLAG_READONLY))
        guard let buffer else {
            Unmanaged<FrameMemory>.fromOpaque(retained).release()
            throw AVError.outOfMemory("av_buffer_create")
        }
        frame.pointer.pointee.buf.0 = buffer
        return frame
    }
}
