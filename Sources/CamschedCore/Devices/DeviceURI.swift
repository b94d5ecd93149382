import Foundation

/// A parsed device URI (SPEC section 3).
package enum DeviceURI: Sendable, Equatable, CustomStringConvertible {
    /// The first V4L2 device that can capture video.
    case auto
    /// A device node or by-id path; may contain shell globs.
    case path(String)
    /// The first device whose card name contains the text (case-insensitive).
    case name(String)
    /// The built-in synthetic camera with its options.
    case test(SyntheticCameraOptions)
    /// A video file replayed as a camera.
    case file(path: String, options: FileCameraOptions)
    /// A network camera: an RTSP stream or MJPEG over HTTP (``NetworkCameraAddress``).
    case network(NetworkCameraAddress)
    /// A camera through libcamera: its id (`libcamera:ID`), or nil for the first one (`libcamera:`).
    case libcamera(id: String?)

    /// The kind of camera the URI names (``CameraKind``); `auto` and `name:` look through
    /// every kind that lists its cameras, and are V4L2's here.
    package var kind: CameraKind {
        switch self {
        case .auto, .path, .name: .v4l2
        case .test: .test
        case .file: .file
        case .network: .network
        case .libcamera: .libcamera
        }
    }

    /// Parses one URI. Relative `file:` paths are resolved against `baseDirectory`.
    package init(parsing text: String, baseDirectory: URL? = nil) throws(DeviceURIError) {
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty { throw .invalidURI(uri: text, reason: "it is empty; use auto, /dev/videoN, name:TEXT, libcamera:, test: or file:PATH") }
        if trimmed == "auto" { self = .auto; return }
        if trimmed.hasPrefix("v4l2:") { self = .path(String(trimmed.dropFirst(5))); return }
        if trimmed.hasPrefix("/") { self = .path(trimmed); return }
        if trimmed.hasPrefix("name:") {
            let name = String(trimmed.dropFirst(5))
            if name.isEmpty { throw .invalidURI(uri: text, reason: "name: needs text to look for, as in name:C920") }
            self = .name(name)
            return
        }
        if trimmed.hasPrefix("libcamera:") {
            let id = String(trimmed.dropFirst(10)).removingPercentEncoding ?? String(trimmed.dropFirst(10))
            self = .libcamera(id: id.isEmpty ? nil : id)
            return
        }
        if trimmed.hasPrefix("test:") {
            let query = DeviceURI.query(of: String(trimmed.dropFirst(5)))
            self = .test(try SyntheticCameraOptions(query: query, uri: text))
            return
        }
        if trimmed.hasPrefix("file:") {
            var rest = String(trimmed.dropFirst(5))
            var queryText = ""
            if let mark = rest.firstIndex(of: "?") {
                queryText = String(rest[rest.index(after: mark)...])
                rest = String(rest[..<mark])
            }
            if rest.hasPrefix("//") { rest.removeFirst(2) }
            if rest.isEmpty { throw .invalidURI(uri: text, reason: "file: needs a path, as in file:clip.mp4") }
            let resolved: String
            if rest.hasPrefix("/") { resolved = rest } else if let base = baseDirectory {
                resolved = base.appendingPathComponent(rest).standardizedFileURL.path
            } else {
                resolved = URL(fileURLWithPath: rest).standardizedFileURL.path
            }
            let options = try FileCameraOptions(query: DeviceURI.query(of: queryText.isEmpty ? "" : "?" + queryText), uri: text)
            self = .file(path: resolved, options: options)
            return
        }
        if let address = try NetworkCameraAddress(parsing: trimmed, uri: text) {
            self = .network(address)
            return
        }
        if trimmed.hasPrefix("video") || trimmed.allSatisfy(\.isNumber) {
            throw .invalidURI(uri: text, reason: "write the full node path, as in /dev/\(trimmed.hasPrefix("video") ? trimmed : "video" + trimmed)")
        }
        throw .invalidURI(uri: text, reason: "unknown kind; use auto, /dev/videoN, /dev/v4l/by-id/…, v4l2:/dev/videoN, name:TEXT, libcamera:, libcamera:ID, test:, file:PATH, rtsp://HOST/PATH or http://HOST/PATH")
    }

    /// `?a=1&b=2` → ["a": "1", "b": "2"], in order of appearance.
    static func query(of text: String) -> [(String, String)] {
        guard let mark = text.firstIndex(of: "?") else { return [] }
        return text[text.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            return (key, value)
        }
    }

    package var description: String {
        switch self {
        case .auto: return "auto"
        case let .path(path): return path
        case let .name(name): return "name:\(name)"
        case .test: return "test:"
        case let .file(path, _): return "file:\(path)"
        case let .network(address): return address.url
        case let .libcamera(id): return "libcamera:" + (id ?? "")
        }
    }
}
