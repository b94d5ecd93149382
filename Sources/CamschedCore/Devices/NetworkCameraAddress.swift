import Foundation

/// Where a network camera streams: an `rtsp://` or `rtsps://` stream, or MJPEG over
/// `http://`/`https://` (`multipart/x-mixed-replace`, as another camsched's `stream.mjpg`).
///
/// A password never goes into a job file, where it would reach logs, sidecars and the
/// catalog with the device's name: a URI with credentials (`user:pass@`) is refused.
public struct NetworkCameraAddress: Sendable, Equatable {
    /// The stream's URL as written (scheme, host, port, path, query), without credentials.
    public let url: String
    public let scheme: String
    public let host: String

    /// `text` with whatever stands between `://` and the host's `@` replaced by `***`: what
    /// may be printed of a URI that holds credentials.
    public static func masked(_ text: String) -> String {
        guard let start = text.range(of: "://"), let at = text[start.upperBound...].firstIndex(of: "@") else { return text }
        let slash = text[start.upperBound...].firstIndex(of: "/") ?? text.endIndex
        guard at < slash else { return text }
        return String(text[..<start.upperBound]) + "***" + String(text[at...])
    }

    /// The schemes a network camera may use.
    public static let schemes = ["rtsp", "rtsps", "http", "https"]

    /// Parses `text` when it is a network URL; nil when it is another kind of device URI.
    /// - Throws: ``DeviceURIError`` for a network URL that cannot be used.
    public init?(parsing text: String, uri: String) throws(DeviceURIError) {
        guard let colon = text.firstIndex(of: ":"), Self.schemes.contains(text[..<colon].lowercased()) else { return nil }
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty,
              text[colon...].hasPrefix("://") else {
            throw .invalidURI(uri: Self.masked(uri), reason: "a network camera needs a host, as in rtsp://192.168.1.20:554/stream1 or http://cam.local/video.mjpg")
        }
        if components.user != nil || components.password != nil {
            throw .invalidURI(uri: Self.masked(uri), reason: "it holds credentials, which would be written into logs, sidecars and the catalog; remove the user:password@ part (cameras that need a login are not supported yet)")
        }
        scheme = String(text[..<colon]).lowercased()
        self.host = host
        url = text
    }
}
