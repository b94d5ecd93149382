internal import CFFmpegShim

/// A GPU device and frame pool for encoders that take only GPU frames (VAAPI), and the upload
/// of each software picture into it. Freed in `deinit`.
final class HardwareFrameUploader {
    private var deviceContext: UnsafeMutablePointer<AVBufferRef>?
    private(set) var framesContext: UnsafeMutablePointer<AVBufferRef>?
    private let converter: FrameConverter

    /// Opens the default device of `type` and a pool of NV12 surfaces.
    /// The corresponding C calls are `av_hwdevice_ctx_create` and `av_hwframe_ctx_init`.
    init(type: AVHWDeviceType, width: Int, height: Int) throws {
        converter = FrameConverter(targetFormat: AV_PIX_FMT_NV12, width: width, height: height)
        try AVError.check(av_hwdevice_ctx_create(&deviceContext, type, nil, nil, 0), "av_hwdevice_ctx_create")
        guard let frames = av_hwframe_ctx_alloc(deviceContext) else { throw AVError.outOfMemory("av_hwframe_ctx_alloc") }
        framesContext = frames
        let constraints = UnsafeMutableRawPointer(frames.pointee.data).assumingMemoryBound(to: AVHWFramesContext.self)
        constraints.pointee.format = AV_PIX_FMT_VAAPI
        constraints.pointee.sw_format = AV_PIX_FMT_NV12
        constraints.pointee.width = Int32(width)
        constraints.pointee.height = Int32(height)
        constraints.pointee.initial_pool_size = 20
        try AVError.check(av_hwframe_ctx_init(frames), "av_hwframe_ctx_init")
    }

    deinit {
        av_buffer_unref(&framesContext)
        av_buffer_unref(&deviceContext)
    }

    /// Copies `picture` into a GPU surface. The corresponding C call is `av_hwframe_transfer_data`.
    func upload(_ picture: OwnedAVFrame) throws -> OwnedAVFrame {
        let software = try converter.convert(picture)
        let surface = try OwnedAVFrame()
        try AVError.check(av_hwframe_get_buffer(framesContext, surface.pointer, 0), "av_hwframe_get_buffer")
        try AVError.check(av_hwframe_transfer_data(surface.pointer, software.pointer, 0), "av_hwframe_transfer_data")
        return surface
    }
}
