/// A device URI that cannot be used: which one, and what is wrong with it in words a user can
/// act on (`test:?fps=0`: "fps=0: …"). The capture layer reports it as `CameraError.invalidURI`.
public struct DeviceURIError: Error, Sendable, Equatable, CustomStringConvertible {
    public let uri: String
    public let reason: String

    public init(uri: String, reason: String) {
        self.uri = uri
        self.reason = reason
    }

    /// As thrown by the parsers: `throw .invalidURI(uri: text, reason: "…")`.
    public static func invalidURI(uri: String, reason: String) -> DeviceURIError { DeviceURIError(uri: uri, reason: reason) }

    public var description: String { "device \(uri) is not valid: \(reason)" }
}
