import Hummingbird

/// Who may ask: with a token, every request carries `Authorization: Bearer TOKEN` (401 without);
/// without one (loopback only), requests must name a loopback host, so a web page elsewhere
/// cannot reach the server through DNS rebinding, and a `POST` from a page of another origin
/// is refused (a browser sends such form posts without asking).
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: BearerToken?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let token {
            guard token.accepts(authorization: request.headers[.authorization]) else {
                return Self.refuse(.unauthorized, "this server needs the header Authorization: Bearer TOKEN (the token of --token-file)",
                                   headers: [.wwwAuthenticate: "Bearer realm=\"camsched\""])
            }
            return try await next(request, context)
        }
        guard Self.isLoopback(authority: request.head.authority) else {
            return Self.refuse(.misdirectedRequest, "this server answers only to localhost, 127.0.0.1 or [::1]")
        }
        if request.method == .post, let origin = request.headers.first(where: { $0.name.canonicalName == "origin" })?.value,
           !Self.sameHost(origin: origin, authority: request.head.authority) {
            return Self.refuse(.forbidden, "a POST from another site's page is refused")
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

    static func sameHost(origin: String, authority: String?) -> Bool {
        guard let authority else { return false }
        return origin == "http://" + authority
    }
}
