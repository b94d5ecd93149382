import Foundation

/// Where a network camera streams: an `rtsp://` or `rtsps://` stream, or MJPEG over
/// `http://`/`https://` (`multipart/x-mixed-replace`, as another camsched's `stream.mjpg`).
///
/// A password never goes into a job file, where it would reach logs, sidecars and the
/// catalog with the device's name: a URI with credentials (`user:pass@`) is refused. A camera
/// that needs a login gets it from ``CameraCredentials`` (`camera.credentials` or
/// `CAMSCHED_CAMERA_CREDENTIALS`), put into the URL only when it is opened (``url(loggingInAs:)``).
package struct NetworkCameraAddress: Sendable, Equatable {
    /// The stream's URL as written (scheme, host, port, path, query), without credentials.
    package let url: String
    package let scheme: String
    package let host: String

    /// `text` with whatever stands between its scheme and its last `@` replaced by `***`: what
    /// may be printed of a device URI that may hold credentials. It parses nothing that can
    /// fail: a password may hold `/`, `@`, `:`, `?`, `#` or spaces, so the login is taken to end
    /// at the last `@` of the whole text (an `@` elsewhere costs a message some of the URI, never
    /// the password), and to start after `scheme:` and its slashes when there is one, else at the
    /// first character that is not a space.
    package static func masked(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let start = loginStart(in: text[..<at])
        return String(text[..<start]) + "***" + String(text[at...])
    }

    /// Where a login may start in `head` (the text before its last `@`): after `scheme:` and
    /// any slashes, or after leading spaces when `head` has no scheme.
    private static func loginStart(in head: Substring) -> String.Index {
        let trimmed = head.drop { $0 == " " || $0 == "\t" }
        guard let colon = trimmed.firstIndex(of: ":"),
              let first = trimmed.first, first.isLetter,
              trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return trimmed.startIndex }
        return trimmed[trimmed.index(after: colon)...].drop { $0 == "/" }.startIndex
    }

    /// `text` with every URL's credentials (`scheme://user:pass@host`) masked as ``masked(_:)``
    /// does the first: for a library's error text that may quote the URL it was given.
    package static func maskedEverywhere(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "://") {
            // The URL starts with its scheme's letters before `://`.
            var schemeStart = start.lowerBound
            while schemeStart > rest.startIndex, rest[rest.index(before: schemeStart)].isLetter {
                schemeStart = rest.index(before: schemeStart)
            }
            let tail = rest[start.upperBound...]
            let end = tail.firstIndex(where: { $0 == " " || $0 == "\n" || $0 == "'" || $0 == "\"" }) ?? tail.endIndex
            result += rest[..<schemeStart] + masked(String(rest[schemeStart..<end]))
            rest = tail[end...]
        }
        return result + rest
    }

    /// `text` with every character but RFC 3986's unreserved ones (letters, digits, `-._~`)
    /// percent-encoded as UTF-8: a user or password that may stand in a URL's `user:pass@`.
    package static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, CharacterSet.alphanumerics.contains(scalar) || "-._~".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// The URL to connect to: ``url`` with `credentials` (percent-encoded) before the host.
    /// Only for the library that connects: never printed, stored or put on a command line.
    package func url(loggingInAs credentials: CameraCredentials?) -> String {
        guard let credentials, let start = url.range(of: "://") else { return url }
        let login = Self.percentEncoded(credentials.user) + ":" + Self.percentEncoded(credentials.password)
        return String(url[..<start.upperBound]) + login + "@" + String(url[start.upperBound...])
    }

    /// The schemes a network camera may use.
    package static let schemes = ["rtsp", "rtsps", "http", "https"]

    /// Parses `text` when it is a network URL; nil when it is another kind of device URI.
    /// - Throws: ``DeviceURIError`` for a network URL that cannot be used.
    package init?(parsing text: String, uri: String) throws(DeviceURIError) {
        guard let colon = text.firstIndex(of: ":"), Self.schemes.contains(text[..<colon].lowercased()) else { return nil }
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty,
              text[colon...].hasPrefix("://") else {
            throw .invalidURI(uri: Self.masked(uri), reason: "a network camera needs a host, as in rtsp://192.168.1.20:554/stream1 or http://cam.local/video.mjpg")
        }
        // An `@` anywhere may end a login that URLComponents read otherwise (`admin:1234/x@cam`
        // is the host `admin`, port 1234); an `@` the camera needs is written `%40`.
        if components.user != nil || components.password != nil || text[colon...].contains("@") {
            throw .invalidURI(uri: Self.masked(uri), reason: "it holds credentials, which would be written into logs, sidecars and the catalog; remove the user:password@ part and put user:password in a file of mode 600 named by the job's camera.credentials (or in CAMSCHED_CAMERA_CREDENTIALS); an @ the camera's path or query needs is written %40")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw .invalidURI(uri: Self.masked(uri), reason: "port \(port) is not a TCP port; use 1 to 65535, or leave it out for the scheme's usual one (RTSP 554, HTTP 80)")
        }
        scheme = String(text[..<colon]).lowercased()
        self.host = host
        url = text
    }
}
