import Foundation
import Hummingbird

extension StatusServer {
    /// A browser cannot send `Authorization: Bearer`: with a token, `/login` takes it in a form
    /// and answers with a session cookie (``SessionCookie``); `POST /logout` ends the session.
    /// Without a token (loopback) both only send the browser to the page. Wrong tokens are
    /// throttled per client (``LoginThrottle``), never by holding the connection.
    func addLoginRoutes(_ router: Router<StatusRequestContext>) {
        let token = self.token, sessions = self.sessions, logins = self.logins
        router.getAndHead("/login") { _, _ in
            guard token != nil else { return Response(status: .seeOther, headers: [.location: "./"]) }
            return HTTPReplies.bytes(Array(LoginPage.html(message: nil).utf8), type: "text/html; charset=utf-8")
        }
        router.post("/login") { request, context in
            guard let token else { return Response(status: .seeOther, headers: [.location: "./"]) }
            guard let body = try? await request.body.collect(upTo: 4096) else {
                return HTTPReplies.text(.contentTooLarge, "a login form is smaller than 4 KiB")
            }
            let given = Self.formField("token", in: String(buffer: body)) ?? ""
            switch logins.check(LoginClient(context.remoteAddress), matches: token.matches(given)) {
            case .right:
                let session = sessions.open()
                return Response(status: .seeOther, headers: [
                    .location: "./", .cacheControl: "no-store",
                    .setCookie: SessionCookie.setting(session.id, expires: session.expires, request: request),
                ])
            case .wrong:
                return Self.loginPage(.unauthorized, message: "That is not the token.")
            case let .throttled(seconds):
                var reply = Self.loginPage(.tooManyRequests, message: "Too many wrong tokens from this address; try again in \(seconds) s.")
                reply.headers[.retryAfter] = String(seconds)
                return reply
            }
        }
        router.post("/logout") { request, _ in
            sessions.close(SessionCookie.value(in: request))
            return Response(status: .seeOther, headers: [
                .location: token == nil ? "./" : "login", .cacheControl: "no-store", .setCookie: SessionCookie.clearing(request: request),
            ])
        }
    }

    /// The login form again, with a note, under `status`.
    static func loginPage(_ status: HTTPResponse.Status, message: String) -> Response {
        var reply = HTTPReplies.bytes(Array(LoginPage.html(message: message).utf8), type: "text/html; charset=utf-8")
        reply.status = status
        return reply
    }

    /// A field of an `application/x-www-form-urlencoded` body.
    static func formField(_ name: String, in body: String) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name else { continue }
            return String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }
}
