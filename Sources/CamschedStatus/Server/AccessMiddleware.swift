import Foundation
import Hummingbird

/// Who may ask: with a token, every request carries `Authorization: Bearer TOKEN` or the session
/// cookie of a login through the page's form (else 401; `/` answers a browser with the login
/// form); without one (loopback only), requests must name a loopback host, so a web
/// page elsewhere cannot reach the server through DNS rebinding. A `POST` from a page of another
/// origin is refused either way (a browser sends such form posts without asking).
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: BearerToken?
    let sessions: SessionStore

    /// What a browser needs before it has logged in: the form, its style, and logging out.
    static var openPaths: Set<String> { ["/login", "/logout", "/status.css"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.method == .post, !Self.sameOrigin(request) {
            return Self.refuse(.forbidden, "a POST from another site's page is refused")
        }
        if let token {
            if token.accepts(authorization: request.headers[.authorization]) || sessions.accepts(SessionCookie.value(in: request))
                || Self.openPaths.contains(request.uri.path) {
                return try await next(request, context)
            }
            if request.method == .get || request.method == .head, request.uri.path == "/" {
                // Refused as every other request, with the login form for a browser to show.
                return Response(status: .unauthorized, headers: [
                    .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .wwwAuthenticate: "Bearer realm=\"camsched\"",
                ], body: .init(byteBuffer: ByteBuffer(string: LoginPage.html(message: nil))))
            }
            return Self.refuse(.unauthorized, "this server needs the header Authorization: Bearer TOKEN (the token of --token-file), "
                               + "or a browser's login at /login", headers: [.wwwAuthenticate: "Bearer realm=\"camsched\""])
        }
        guard Self.isLoopback(authority: request.head.authority) else {
            return Self.refuse(.misdirectedRequest, "this server answers only to localhost, 127.0.0.1 or [::1]")
        }
        return try await next(request, context)
    }

    static func refuse(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// Whether a Host header names this machine (absent: an HTTP/1.0 client, which no browser is).
    static func isLoopback(authority: String?) -> Bool {
        guard let authority, !authority.isEmpty else { return true }
        let host: Substring
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[authority.index(after: authority.startIndex)..<close]
        } else {
            host = authority.split(separator: ":", maxSplits: 1).first ?? ""
        }
        return ListenAddress(host: String(host), port: 0).isLoopback
    }

    /// Whether a request may come from a page of this server: no `Origin` (not a browser's
    /// cross-site post) or one naming this host, and no `Sec-Fetch-Site: cross-site`.
    static func sameOrigin(_ request: Request) -> Bool {
        if let site = HTTPFieldName("Sec-Fetch-Site").flatMap({ request.headers[$0] }), site == "cross-site" { return false }
        guard let origin = request.headers.first(where: { $0.name.canonicalName == "origin" })?.value else { return true }
        return sameHost(origin: origin, authority: request.head.authority)
    }

    static func sameHost(origin: String, authority: String?) -> Bool {
        guard let authority else { return false }
        // https: behind a reverse proxy that ends TLS and passes the Host on.
        return origin == "http://" + authority || origin == "https://" + authority
    }
}
