import CamschedCore
import CamschedV4L2
import Foundation

/// V4L2 nodes: a path (globs allowed), and every capture node that is a camera on its own —
/// not one end of a media-controller pipeline, whose camera libcamera opens.
struct V4L2Kind: CameraKindBackend {
    var kind: CameraKind { .v4l2 }

    func candidates(for uri: DeviceURI, text: String, opening: CameraOpening) -> [Camera] {
        guard case let .path(pattern) = uri else { return [] }
        let paths = pattern.contains(where: { "*?[".contains($0) }) ? DeviceSelector.glob(pattern) : [pattern]
        return paths.map { Self.camera($0, opening: opening) }
    }

    func present() -> [PresentCamera] {
        V4L2DeviceDirectory.captureDevices().filter { !$0.isMediaControllerCentric }
            .map { PresentCamera(uri: $0.path, name: $0.card, location: .path($0.path)) }
    }

    static func camera(_ path: String, opening: CameraOpening) -> Camera {
        let backend = V4L2Backend(path: path)
        if opening.oneStill {
            backend.bufferCount = V4L2Backend.fewestBuffers
            backend.looksUpStableName = false
        }
        return Camera(backend)
    }
}

/// The built-in `test:` camera.
struct TestKind: CameraKindBackend {
    var kind: CameraKind { .test }

    func candidates(for uri: DeviceURI, text: String, opening: CameraOpening) -> [Camera] {
        guard case var .test(options) = uri else { return [] }
        if let sceneClock = opening.sceneClock, options.dayScene != nil { options.dayScene?.clock = sceneClock }
        return [Camera(SyntheticBackend(options: options, uri: text))]
    }
}

/// A `file:` video played as a camera.
struct FileKind: CameraKindBackend {
    var kind: CameraKind { .file }

    func candidates(for uri: DeviceURI, text: String, opening: CameraOpening) -> [Camera] {
        guard case let .file(path, options) = uri else { return [] }
        return [Camera(FileBackend(path: path, options: options))]
    }
}

/// An RTSP or HTTP network camera.
struct NetworkKind: CameraKindBackend {
    var kind: CameraKind { .network }

    func candidates(for uri: DeviceURI, text: String, opening: CameraOpening) -> [Camera] {
        guard case let .network(address) = uri else { return [] }
        return [Camera(NetworkBackend(address: address, credentials: opening.credentials, cancelled: opening.cancelled))]
    }
}
