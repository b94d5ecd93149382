import CamschedCore

/// What opening a camera needs beyond its URI (``DeviceSelector/open(_:baseDirectory:oneStill:credentials:sceneClock:cancelled:)``).
package struct CameraOpening: Sendable {
    /// The camera is opened for a single still (`camsched snapshot`): a V4L2 device streams
    /// from the fewest buffers and its stable name is not looked up.
    var oneStill = false
    /// Where a network camera's login comes from; nil: `CAMSCHED_CAMERA_CREDENTIALS`.
    var credentials: CameraCredentialsSource?
    /// The clock a `test:?scene=day` camera's scene follows (a rehearsal's); nil: the URI's.
    var sceneClock: DaySceneClock?
    /// Whether the run was asked to stop.
    var cancelled: @Sendable () -> Bool = { false }
}

/// A camera that is present now, as an enumerable kind lists it.
package struct PresentCamera: Sendable {
    /// The URI that opens it (`/dev/video0`, `libcamera:ID`).
    package var uri: String
    /// Its name, as `name:` matches and messages show it (the card, the sensor's model).
    package var name: String
    /// Its kind.
    package var kind: CameraKind
}

/// How the capture layer opens and lists one ``CameraKind``: one entry per kind in
/// ``CameraKinds/backends``.
protocol CameraKindBackend: Sendable {
    var kind: CameraKind { get }
    /// The cameras `uri` (of this kind) could mean, in order of preference.
    func candidates(for uri: DeviceURI, text: String, opening: CameraOpening) -> [Camera]
    /// Its cameras present now; empty for a kind that cannot be listed.
    func present() -> [PresentCamera]
}

extension CameraKindBackend {
    func present() -> [PresentCamera] { [] }

    /// The camera at `present`, through its URI.
    func open(_ present: PresentCamera, opening: CameraOpening) -> [Camera] {
        guard let uri = try? DeviceURI(parsing: present.uri) else { return [] }
        return candidates(for: uri, text: present.uri, opening: opening)
    }
}

/// The table of camera kinds: adding a kind is one ``CameraKind`` in the core layer, its URI
/// case, and one back-end entry here.
package enum CameraKinds {
    static let backends: [any CameraKindBackend] = [V4L2Kind(), LibcameraKind(), TestKind(), FileKind(), NetworkKind()]

    static func backend(for kind: CameraKind) -> any CameraKindBackend {
        backends.first { $0.kind == kind } ?? backends[0]
    }

    /// Every camera present now, kind after kind (V4L2 nodes first, then libcamera's cameras).
    package static func present() -> [PresentCamera] {
        backends.filter(\.kind.capabilities.enumerable).flatMap { $0.present() }
    }

    /// The cameras `uri` could mean: `auto` the first present of any kind, `name:` those whose
    /// name contains the text, anything else its kind's.
    static func candidates(for uri: DeviceURI, text: String, opening: CameraOpening) -> [Camera] {
        switch uri {
        case .auto:
            // The first enumerable kind with a camera: libcamera is not started while a V4L2
            // camera is there to take.
            for backend in backends where backend.kind.capabilities.enumerable {
                let found = backend.present()
                if !found.isEmpty { return found.flatMap { backend.open($0, opening: opening) } }
            }
            return []
        case let .name(wanted):
            return present().filter { $0.name.range(of: wanted, options: .caseInsensitive) != nil }
                .flatMap { backend(for: $0.kind).open($0, opening: opening) }
        default:
            return backend(for: uri.kind).candidates(for: uri, text: text, opening: opening)
        }
    }
}
