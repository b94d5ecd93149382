internal import CLibcameraAPI
import Foundation

/// libcamera's camera manager (one per process; this type counts its users): lists the cameras
/// and opens them. Starting it enumerates every media device, so keep one while cameras are used.
package final class LibcameraManager: Sendable {
    package let library: LibcameraLibrary

    /// Loads camsched's libcamera module and starts the manager.
    /// - Throws: `LibcameraError` from loading (libcamera not installed: the package to install),
    ///   `.notCompiledIn`, or `.failed` when the manager does not start.
    package init() throws(LibcameraError) {
        library = try LibcameraLibrary.load()
        var message = [CChar](repeating: 0, count: LibcameraCall.messageSize)
        let result = library.api.pointee.manager_start(&message, message.count)
        guard result == 0 else {
            let text = LibcameraCall.text(message)
            if result == -ENOSYS { throw .notCompiledIn(message: text) }
            throw .failed(operation: "starting the camera manager", code: -result, message: text)
        }
    }

    deinit { library.api.pointee.manager_stop() }

    /// The cameras libcamera found, in its order (`libcamera:` alone means the first).
    package func cameras() -> [LibcameraCameraInfo] {
        let api = library.api.pointee
        var infos = [csl_camera_info](repeating: csl_camera_info(), count: 16)
        var count = Int(api.list_cameras(&infos, Int32(infos.count)))
        if count > infos.count {
            infos = [csl_camera_info](repeating: csl_camera_info(), count: count)
            count = min(count, Int(api.list_cameras(&infos, Int32(infos.count))))
        }
        return infos.prefix(max(count, 0)).map(LibcameraCameraInfo.init)
    }

    /// Opens the camera with libcamera id `id` (nil: the first camera). Not yet acquired.
    /// - Throws: `LibcameraError.noCamera` saying which cameras exist.
    package func open(id: String?) throws(LibcameraError) -> LibcameraCamera {
        var message = [CChar](repeating: 0, count: LibcameraCall.messageSize)
        guard let camera = library.api.pointee.camera_open(id, &message, message.count) else {
            throw .noCamera(id: id, message: LibcameraCall.text(message))
        }
        return LibcameraCamera(manager: self, handle: camera)
    }
}
