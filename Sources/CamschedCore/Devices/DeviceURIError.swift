/// A device URI that cannot be used: which one, and what is wrong with it in words a user can
/// act on (`test:?fps=0`: "fps=0: …"). The capture layer reports it as `CameraError.invalidURI`.
package struct DeviceURIError: Error, Sendable, Equatable, CustomStringConvertible {
    package let uri: String
    package let reason: String

    /// `uri` is kept masked (``NetworkCameraAddress/masked(_:)``), whatever the thrower passed:
    /// a URI that failed to parse may hold a password in any shape.
    package init(uri: String, reason: String) {
        self.uri = NetworkCameraAddress.masked(uri)
        self.reason = reason
    }

    /// As thrown by the parsers: `throw .invalidURI(uri: text, reason: "…")`.
    package static func invalidURI(uri: String, reason: String) -> DeviceURIError { DeviceURIError(uri: uri, reason: reason) }

    package var description: String { "device \(uri) is not valid: \(reason)" }
}
