import Foundation
import Hummingbird

extension StatusServer {
    /// A browser cannot send `Authorization: Bearer`: with a token, `/login` takes it in a form
    /// and answers with a session cookie (``SessionCookie``); `POST /logout` ends the session.
    /// Without a token (loopback) both only send the browser to the page.
    func addLoginRoutes(_ router: Router<StatusRequestContext>) {
        let token = self.token, sessions = self.sessions, logger = self.logger
        router.getAndHead("/login") { _, _ in
            guard token != nil else { return Response(status: .seeOther, headers: [.location: "./"]) }
            return HTTPReplies.bytes(Array(LoginPage.html(message: nil).utf8), type: "text/html; charset=utf-8")
        }
        router.post("/login") { request, _ in
            guard let token else { return Response(status: .seeOther, headers: [.location: "./"]) }
            guard let body = try? await request.body.collect(upTo: 4096) else {
                return HTTPReplies.text(.contentTooLarge, "a login form is smaller than 4 KiB")
            }
            let given = Self.formField("token", in: String(buffer: body)) ?? ""
            guard token.matches(given) else {
                logger.notice("live status: a login with a wrong token")
                // A wrong guess costs the guesser a second (the server goes on serving others).
                try? await Task.sleep(for: .seconds(1))
                var reply = HTTPReplies.bytes(Array(LoginPage.html(message: "That is not the token.").utf8), type: "text/html; charset=utf-8")
                reply.status = .unauthorized
                return reply
            }
            let session = sessions.open()
            return Response(status: .seeOther, headers: [
                .location: "./", .cacheControl: "no-store",
                .setCookie: SessionCookie.setting(session.id, expires: session.expires, request: request),
            ])
        }
        router.post("/logout") { request, _ in
            sessions.close(SessionCookie.value(in: request))
            return Response(status: .seeOther, headers: [
                .location: token == nil ? "./" : "login", .cacheControl: "no-store", .setCookie: SessionCookie.clearing(request: request),
            ])
        }
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
