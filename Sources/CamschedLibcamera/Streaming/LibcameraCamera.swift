internal import CLibcameraAPI
import CamschedCore

/// One libcamera camera: found by `LibcameraManager.open(id:)`, then acquired, configured,
/// started, its frames waited for and given back, stopped and released — libcamera's
/// `Camera` and `Request` cycle behind camsched's C shim.
///
/// Calls are made from one thread at a time, except `cancelWait()`, which any thread may call
/// while another waits (hence unchecked Sendable: the shim locks what they share).
package final class LibcameraCamera: @unchecked Sendable {
    /// Keeps the manager (and libcamera) running while the camera is open.
    package let manager: LibcameraManager
    let handle: OpaquePointer
    var api: csl_api { manager.library.api.pointee }

    init(manager: LibcameraManager, handle: OpaquePointer) {
        self.manager = manager
        self.handle = handle
    }

    deinit { api.camera_close(handle) }

    /// The camera's id, model and location.
    package var info: LibcameraCameraInfo {
        var info = csl_camera_info()
        api.camera_info(handle, &info)
        return LibcameraCameraInfo(info)
    }

    /// Every pixel format and size the video stream offers (libcamera lists sizes of a
    /// continuous range at the usual steps).
    package func streamFormats() -> [LibcameraStreamFormat] {
        var formats = [csl_stream_format](repeating: csl_stream_format(), count: 256)
        var count = Int(api.stream_formats(handle, &formats, Int32(formats.count)))
        if count > formats.count {
            formats = [csl_stream_format](repeating: csl_stream_format(), count: count)
            count = min(count, Int(api.stream_formats(handle, &formats, Int32(formats.count))))
        }
        return formats.prefix(max(count, 0)).map { format in
            LibcameraStreamFormat(pixelFormat: FourCC(rawValue: format.fourcc), name: LibcameraCall.text(tuple: format.name),
                                  width: Int(format.width), height: Int(format.height))
        }
    }

    /// The controls the camera offers, with limits and defaults.
    package func controls() -> [LibcameraControlInfo] {
        var infos = [csl_control_info](repeating: csl_control_info(), count: 64)
        var count = Int(api.controls(handle, &infos, Int32(infos.count)))
        if count > infos.count {
            infos = [csl_control_info](repeating: csl_control_info(), count: count)
            count = min(count, Int(api.controls(handle, &infos, Int32(infos.count))))
        }
        return infos.prefix(max(count, 0)).map(LibcameraControlInfo.init)
    }

    /// The shortest and longest frame duration (`FrameDurationLimits`), when the camera has it.
    package var frameDurationLimits: ClosedRange<Duration>? {
        guard let info = controls().first(where: { $0.known == .frameDurationLimits }),
              let low = info.minimum.integer, let high = info.maximum.integer, low <= high else { return nil }
        return .microseconds(low) ... .microseconds(high)
    }

    /// Takes the camera for this process. - Throws: `.failed` (busy: another user has it).
    package func acquire() throws(LibcameraError) {
        let handle = self.handle, api = self.api
        try LibcameraCall.run("acquiring the camera") { api.acquire(handle, $0, $1) }
    }

    /// Stops the stream if running, frees the buffers and gives the camera back.
    package func release() {
        _ = api.release(handle)
    }
}
