/// A kind of camera — V4L2 device, libcamera camera, the built-in `test:` pattern, a `file:`
/// video, a network stream — and what every layer may ask of it without knowing which it is.
/// One entry of ``all`` per kind: the capture layer's back-end table (`CameraKinds`) opens and
/// lists each of them; the job layer asks ``capabilities`` instead of matching URI cases.
package struct CameraKind: Sendable, Hashable, CustomStringConvertible {
    /// Short name (`v4l2`, `libcamera`, `test`, `file`, `network`).
    package let name: String
    /// What the kind is, as messages name it ("a network camera", "a file: video").
    package let described: String
    package let capabilities: CameraCapabilities
    /// The driver name its cameras' identities carry; nil for V4L2, whose drivers are the
    /// kernel's (`uvcvideo`, `vivid`).
    package let driver: String?
    /// How its URIs start (besides V4L2's `auto` and `/dev/…` paths).
    package let schemes: [String]

    package var description: String { name }

    init(name: String, described: String, driver: String? = nil, schemes: [String], capabilities: CameraCapabilities) {
        self.name = name
        self.described = described
        self.driver = driver
        self.schemes = schemes
        self.capabilities = capabilities
    }

    /// The kind of a camera whose identity names `driver`.
    package static func of(driver: String) -> CameraKind { all.first { $0.driver == driver } ?? .v4l2 }

    package static let v4l2 = CameraKind(name: "v4l2", described: "a V4L2 camera", schemes: ["v4l2:", "name:"],
        capabilities: .init(filmsTheWorld: true, hasControls: true, sharedByClients: false, reopensByURI: false,
                            findsMicrophone: true))
    package static let libcamera = CameraKind(name: "libcamera", described: "a libcamera camera", driver: "libcamera", schemes: ["libcamera:"],
        capabilities: .init(filmsTheWorld: true, hasControls: true, sharedByClients: false, reopensByURI: true))
    package static let test = CameraKind(name: "test", described: "the test camera", driver: "camsched-test", schemes: ["test:"],
        capabilities: .init(filmsTheWorld: false, hasControls: true, sharedByClients: false, reopensByURI: true,
                            findsMicrophone: true))
    package static let file = CameraKind(name: "file", described: "a file: video", driver: "camsched-file", schemes: ["file:"],
        capabilities: .init(filmsTheWorld: false, hasControls: false, sharedByClients: false, reopensByURI: true))
    package static let network = CameraKind(name: "network", described: "a network camera", driver: "camsched-network",
        schemes: NetworkCameraAddress.schemes.map { $0 + "://" },
        capabilities: .init(filmsTheWorld: true, hasControls: false, sharedByClients: true, reopensByURI: true,
                            isNetwork: true))

    /// Every URI start of every kind (`v4l2:`, `name:`, `libcamera:`, `test:`, … `https://`).
    package static var schemes: [String] { all.flatMap(\.schemes) }

    /// Every kind, in the order `auto` and `name:` look through those that list their cameras.
    package static let all: [CameraKind] = [.v4l2, .libcamera, .test, .file, .network]
}

/// What a kind of camera can do.
package struct CameraCapabilities: Sendable, Hashable {
    /// It shows the world as it is now (a rehearsal of a simulated day warns); false for the
    /// test pattern and a video file.
    package var filmsTheWorld: Bool
    /// camsched can set its controls (zoom, exposure, focus, white balance, named controls).
    package var hasControls: Bool
    /// Its server gives every client a stream of its own: two jobs read it at once instead of
    /// queueing behind the camera lock.
    package var sharedByClients: Bool
    /// Found again by its URI after a loss, not by scanning device nodes for its identity.
    package var reopensByURI: Bool
    /// `camera.audio.device: "auto"` finds its microphone (on the camera's USB device; the
    /// test camera's test microphone).
    package var findsMicrophone = false
    /// A network stream: its sound, if any, comes in the stream.
    package var isNetwork = false
}
