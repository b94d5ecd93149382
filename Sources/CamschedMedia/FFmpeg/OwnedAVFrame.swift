import CamschedCore

internal import CFFmpegShim

/// An `AVFrame` with one owner, freed in `deinit`.
///
/// Frames that wrap a ``VideoFrame``'s memory without copying hold that frame alive through
/// the `AVBufferRef` they carry, so an encoder that keeps a reference keeps the pixels valid.
/// Unchecked: it owns a C `AVFrame` by pointer; it is filled by one thread and then handed on,
/// never written by two at once.
package final class OwnedAVFrame: @unchecked Sendable {
    /// The frame; valid while this object lives.
    let pointer: UnsafeMutablePointer<AVFrame>

    /// An empty frame. The corresponding C call is `av_frame_alloc`.
    package init() throws(AVError) {
        guard let frame = av_frame_alloc() else { throw AVError.outOfMemory("av_frame_alloc") }
        pointer = frame
    }

    /// A frame with its own pixel buffers of the given size and format.
    /// The corresponding C call is `av_frame_get_buffer`.
    convenience init(width: Int, height: Int, format: AVPixelFormat) throws(AVError) {
        try self.init()
        pointer.pointee.width = Int32(width)
        pointer.pointee.height = Int32(height)
        pointer.pointee.format = format.rawValue
        try AVError.check(av_frame_get_buffer(pointer, 0), "av_frame_get_buffer")
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    package var width: Int { Int(pointer.pointee.width) }
    package var height: Int { Int(pointer.pointee.height) }
    var format: AVPixelFormat { AVPixelFormat(rawValue: pointer.pointee.format) }

    /// Plane `index`'s first byte, or nil when the frame has no such plane.
    package func plane(_ index: Int) -> UnsafeMutablePointer<UInt8>? {
        withUnsafePointer(to: pointer.pointee.data) { tuple in
            tuple.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { $0[index] }
        }
    }

    /// Bytes per line of plane `index`.
    package func lineSize(_ index: Int) -> Int {
        withUnsafePointer(to: pointer.pointee.linesize) { tuple in
            tuple.withMemoryRebound(to: Int32.self, capacity: 8) { Int($0[index]) }
        }
    }

    func setPlane(_ index: Int, _ data: UnsafeMutablePointer<UInt8>?, lineSize: Int) {
        withUnsafeMutablePointer(to: &pointer.pointee.data) { tuple in
            tuple.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { $0[index] = data }
        }
        withUnsafeMutablePointer(to: &pointer.pointee.linesize) { tuple in
            tuple.withMemoryRebound(to: Int32.self, capacity: 8) { $0[index] = Int32(lineSize) }
        }
    }
}
