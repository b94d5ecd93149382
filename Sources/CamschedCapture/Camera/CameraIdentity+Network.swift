extension CameraIdentity {
    /// The driver name of a network camera's identity (``NetworkBackend``).
    package static let networkDriver = "camsched-network"

    /// Whether this is a network camera: its server gives every client a stream of its own,
    /// so two jobs read it at once instead of queueing behind a camera lock.
    package var isNetworkCamera: Bool { driver == Self.networkDriver }
}
