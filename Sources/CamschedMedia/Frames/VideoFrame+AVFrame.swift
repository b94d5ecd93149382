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
        if Self.overreads(format), bytes.count < needed + Self.readSlack { return try paddedAVFrame(format, swapsChroma, needed, base) }
        let frame = try OwnedAVFrame()
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        frame.pointer.pointee.format = format.rawValue
        let data = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        setPlanes(of: frame, at: data, format: format, swapsChroma: swapsChroma)
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

    /// Bytes libswscale may read past a packed-RGB picture's last row (its SIMD loads).
    static let readSlack = 64

    /// Whether libswscale's readers of `format` load past the end of the last row: packed
    /// 24-bit RGB (a libcamera buffer of 768x480 RGB ends at a page boundary and faulted).
    static func overreads(_ format: AVPixelFormat) -> Bool { format == AV_PIX_FMT_RGB24 || format == AV_PIX_FMT_BGR24 }

    /// The frame copied into memory with ``readSlack`` bytes to spare, for a buffer that ends
    /// where the picture does.
    private func paddedAVFrame(_ format: AVPixelFormat, _ swapsChroma: Bool, _ needed: Int,
                               _ base: UnsafeRawPointer) throws -> OwnedAVFrame {
        guard let copy = malloc(needed + Self.readSlack) else { throw AVError.outOfMemory("malloc") }
        copy.copyMemory(from: base, byteCount: needed)
        memset(copy + needed, 0, Self.readSlack)
        let frame = try OwnedAVFrame()
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        frame.pointer.pointee.format = format.rawValue
        let data = copy.assumingMemoryBound(to: UInt8.self)
        setPlanes(of: frame, at: data, format: format, swapsChroma: swapsChroma)
        guard let buffer = av_buffer_create(data, needed + Self.readSlack, { _, data in free(data) }, nil, 0) else {
            free(copy)
            throw AVError.outOfMemory("av_buffer_create")
        }
        frame.pointer.pointee.buf.0 = buffer
        return frame
    }

    /// Points `frame`'s planes into the picture at `data`.
    private func setPlanes(of frame: OwnedAVFrame, at data: UnsafeMutablePointer<UInt8>, format: AVPixelFormat, swapsChroma: Bool) {
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
    }
}
