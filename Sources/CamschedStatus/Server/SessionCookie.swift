import Foundation
import Hummingbird

/// The session cookie: `HttpOnly` (no script reads it), `SameSite=Strict` (a page of another
/// site never makes the browser send it, so a cross-site form cannot use it), `Path=/`, with an
/// expiry. `Secure` only when the request came over HTTPS through a reverse proxy that says so
/// (`X-Forwarded-Proto: https`): camsched itself serves plain HTTP, on which a browser would
/// never send a `Secure` cookie back (see Documentation/live-status.md, "Logging in").
enum SessionCookie {
    static let name = "camsched_session"

    /// The session id the request's `Cookie` header carries, if any.
    static func value(in request: Request) -> String? {
        for field in request.headers where field.name == .cookie {
            for pair in field.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    static func setting(_ id: String, expires: Date, request: Request) -> String {
        let maxAge = max(0, Int(expires.timeIntervalSinceNow.rounded()))
        return "\(name)=\(id); Path=/; Max-Age=\(maxAge); Expires=\(HTTPDate.string(Int(expires.timeIntervalSince1970))); HttpOnly; SameSite=Strict"
            + (isHTTPS(request) ? "; Secure" : "")
    }

    static func clearing(request: Request) -> String {
        "\(name)=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict" + (isHTTPS(request) ? "; Secure" : "")
    }

    static func isHTTPS(_ request: Request) -> Bool {
        guard let proto = HTTPFieldName("X-Forwarded-Proto") else { return false }
        return request.headers[proto]?.lowercased() == "https"
    }
}
