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

/// A camera that is present now, as its kind lists it.
package struct PresentCamera: Sendable {
    /// The URI that opens it (`/dev/video0`, `libcamera:ID`).
    package var uri: String
    /// Its name, as `name:` matches and messages show it (the card, the sensor's model).
    package var name: String
    /// ``uri``, parsed: what its kind opens.
    package var location: DeviceURI
    /// Its kind.
    package var kind: CameraKind { location.kind }
}

/// How the capture layer opens and lists one ``CameraKind``: one entry per kind in
/// ``CameraKinds/backends``.
protocol CameraKindBackend: Sendable {
    var kind: CameraKind { get }
    /// The cameras `uri` (of this kind) could mean, in order of preference.
    func candidates(for uri: DeviceURI, text: String, opening: CameraOpening) -> [Camera]
    /// Its cameras present now; empty for a kind that cannot be listed (`auto`, `name:` and
    /// `devices` see the kinds that can).
    func present() -> [PresentCamera]
    /// What keeps listing and opening its cameras cheap while it is held (libcamera's camera
    /// manager, started once instead of once per call); nil for a kind that needs nothing.
    func listingSession() -> AnyObject?
}

extension CameraKindBackend {
    func present() -> [PresentCamera] { [] }
    func listingSession() -> AnyObject? { nil }

    /// The camera at `present`.
    func open(_ present: PresentCamera, opening: CameraOpening) -> [Camera] {
        candidates(for: present.location, text: present.uri, opening: opening)
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
        backends.flatMap { $0.present() }
    }

    /// Runs `body` with every kind's listing session held: listing the cameras and then opening
    /// each (as `devices` does) starts libcamera's camera manager once, not once per call.
    package static func listing<T>(_ body: () throws -> T) rethrows -> T {
        let sessions = backends.compactMap { $0.listingSession() }
        defer { withExtendedLifetime(sessions) {} }
        return try body()
    }

    /// The cameras `uri` could mean: `auto` the first present of any kind, `name:` those whose
    /// name contains the text, anything else its kind's.
    static func candidates(for uri: DeviceURI, text: String, opening: CameraOpening) -> [Camera] {
        switch uri {
        case .auto:
            // The first kind with a camera: libcamera is not started while a V4L2 camera is
            // there to take.
            for backend in backends {
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
