internal import CFFmpegShim

/// Picture buffers of one size and format, recycled through libavutil's `AVBufferPool`.
///
/// A converter that made a new picture for every frame would ask the allocator for a few
/// megabytes thirty times a second (a 1280x720 4:2:0 picture is 1.4 MB), and with camsched's
/// fixed mmap threshold (see `MemoryTrim`) each of those would be a fresh mapping and a
/// page fault per 4 KiB. A buffer goes back to the pool when the last reference to it goes —
/// the caller's frame and any encoder that kept one — so a picture still in use is never
/// overwritten. The pool is rebuilt when the size or format changes; `av_buffer_pool_uninit`
/// frees it once its last buffer comes back.
final class PicturePool {
    private var pool: OpaquePointer?
    private var key: [Int32] = []
    private var byteCount = 0
    /// The row alignment of the pictures: 64 (what `av_frame_get_buffer` uses on x86-64 with
    /// AVX-512) unless a consumer needs tightly packed rows (1).
    private let alignment: Int32

    init(alignment: Int32 = 64) { self.alignment = alignment }

    deinit { av_buffer_pool_uninit(&pool) }

    /// A picture with pooled buffers (contents undefined).
    func picture(width: Int, height: Int, format: AVPixelFormat) throws -> OwnedAVFrame {
        let newKey = [Int32(width), Int32(height), format.rawValue]
        if newKey != key || pool == nil {
            av_buffer_pool_uninit(&pool)
            let size = av_image_get_buffer_size(format, Int32(width), Int32(height), alignment)
            try AVError.check(size, "av_image_get_buffer_size")
            // Padding past the last plane, as av_frame_get_buffer leaves for SIMD readers.
            byteCount = Int(size) + 64
            pool = av_buffer_pool_init(byteCount, nil)
            guard pool != nil else { throw AVError.outOfMemory("av_buffer_pool_init") }
            key = newKey
        }
        let frame = try OwnedAVFrame()
        let raw = frame.pointer
        raw.pointee.width = Int32(width)
        raw.pointee.height = Int32(height)
        raw.pointee.format = format.rawValue
        guard let buffer = av_buffer_pool_get(pool) else { throw AVError.outOfMemory("av_buffer_pool_get") }
        raw.pointee.buf.0 = buffer
        let filled = withUnsafeMutablePointer(to: &raw.pointee.data) { data in
            withUnsafeMutablePointer(to: &raw.pointee.linesize) { lines in
                data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                        av_image_fill_arrays(planes, strides, buffer.pointee.data, format, Int32(width), Int32(height), alignment)
                    }
                }
            }
        }
        try AVError.check(filled, "av_image_fill_arrays")
        // extended_data already points at data (av_frame_alloc sets it so).
        return frame
    }
}
