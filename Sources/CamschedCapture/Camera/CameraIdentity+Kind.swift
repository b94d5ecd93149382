import CamschedCore

extension CameraIdentity {
    /// The driver name of a network camera's identity (``NetworkBackend``).
    package static var networkDriver: String { CameraKind.network.driver ?? "camsched-network" }

    /// The kind of camera this is (``CameraKind``), from the driver its back-end names.
    package var kind: CameraKind { CameraKind.of(driver: driver) }

    /// Whether its server gives every client a stream of its own (a network camera), so two
    /// jobs read it at once instead of queueing behind a camera lock.
    package var isNetworkCamera: Bool { kind.capabilities.sharedByClients }
}
