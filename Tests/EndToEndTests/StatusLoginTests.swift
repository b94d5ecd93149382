import CamschedTestSupport
import Foundation
import Testing

/// A browser on the LAN: on a non-loopback bind (with its token) the page sends a browser to a
/// login form; the token typed there becomes an HttpOnly, SameSite=Strict session cookie with an
/// expiry; the page works with it; logout ends it. Without cookie or token everything is
/// refused; API clients go on with `Authorization: Bearer`.
@Suite(.serialized) struct StatusLoginTests {
    static let token = "bG9naW4tdG9rZW4tOTg3NjU0MzIx"

    /// A form post the way a browser sends it (HTTPProbe sends no body).
    static func postForm(port: Int, _ path: String, body: String, headers: [String: String] = [:]) throws -> HTTPReply {
        let fd = try HTTPProbe.connect(port: port)
        defer { close(fd) }
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let request = Array((head + "\r\n" + body).utf8)
        _ = request.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
        return try HTTPProbe.parse(HTTPProbe.read(fd, atLeast: 1 << 20, seconds: 5))
    }

    @Test func tokenHeaderOrLoginCookieAndNothingElse() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/cam.json", """
        {"name": "cam", "camera": {"device": "test:?size=320x180&fps=10", "warmup": "0s"},
         "capture": {"record": {"duration": "20s", "preset": "ultrafast"}},
         "output": {"root": "../out", "path": "{job}/{job}-{seq}"}, "schedule": {"cron": "0 0 1 1 *"}}
        """)
        let tokenFile = try dir.write("t.token", Self.token + "\n")
        chmod(tokenFile.path, 0o600)
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "0.0.0.0:0", "--token-file", tokenFile.path], in: dir)
        let page = try live.get("/")
        #expect(page.status == 401 && page.headers["www-authenticate"]?.hasPrefix("Bearer") == true, "\(page.status)")
        #expect(page.text.contains("<form method=\"post\" action=\"login\""), "a browser is shown the login form")
        for path in ["/api/status", "/api/jobs/cam/files", "/jobs/cam/files/cam/cam-000001.mp4", "/status.js", "/metrics"] {
            #expect(try live.get(path).status == 401, "\(path) without cookie or token")
        }
        #expect(try live.get("/api/status", headers: ["Cookie": "camsched_session=" + String(repeating: "a", count: 64)]).status == 401)
        #expect(try live.get("/login").text.contains("name=\"token\""))

        #expect(try Self.postForm(port: live.port, "/login", body: "token=" + String(repeating: "x", count: 5000)).status == 413)
        let wrong = try Self.postForm(port: live.port, "/login", body: "token=nope")
        #expect(wrong.status == 401 && wrong.headers["set-cookie"] == nil)
        let crossSite = try Self.postForm(port: live.port, "/login", body: "token=\(Self.token)", headers: ["Origin": "http://evil.example"])
        #expect(crossSite.status == 403 && crossSite.headers["set-cookie"] == nil, "a cross-site form post")
        let login = try Self.postForm(port: live.port, "/login", body: "token=\(Self.token)",
                                      headers: ["Origin": "http://127.0.0.1:\(live.port)"])
        #expect(login.status == 303 && login.headers["location"] == "./")
        let cookie = try #require(login.headers["set-cookie"])
        let attributes = Set(cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(attributes.contains("HttpOnly") && attributes.contains("SameSite=Strict") && attributes.contains("Path=/"), "\(cookie)")
        #expect(attributes.contains { $0.hasPrefix("Max-Age=") && Int($0.dropFirst(8)) ?? 0 > 0 } && attributes.contains { $0.hasPrefix("Expires=") })
        let session = String(cookie.prefix { $0 != ";" })
        #expect(try live.get("/api/status", headers: ["Cookie": session]).status == 200)
        #expect(try live.get("/api/status", headers: ["Authorization": "Bearer \(Self.token)"]).status == 200, "API clients as before")
        let logout = try Self.postForm(port: live.port, "/logout", body: "", headers: ["Cookie": session])
        #expect(logout.status == 303 && (logout.headers["set-cookie"] ?? "").contains("Max-Age=0"))
        #expect(try live.get("/api/status", headers: ["Cookie": session]).status == 401, "the session ended with the logout")

        try browserCycle(port: live.port, in: dir)
        _ = live.stop(SIGTERM)
    }

    /// The same cycle in Chromium: form, cookie as the browser keeps it, page, logout.
    func browserCycle(port: Int, in dir: TemporaryDirectory) throws {
        guard BrowserDriver.available else { return }
        let shot = dir.file("login.png")
        let results = try BrowserDriver.run([
            ["viewport": [390, 844]], ["goto": "http://127.0.0.1:\(port)/"],
            ["eval": "[location.pathname, !!document.querySelector('form#login input#token')]"], ["screenshot": shot.path],
            ["eval": "document.querySelector('#token').value = '\(Self.token)'; document.querySelector('#login').submit(); true"],
            ["waitLoad": true],
            ["eval": """
                (async () => { const end = Date.now() + 8000;
                  while (Date.now() < end && !document.querySelector('section.job')) await new Promise((r) => setTimeout(r, 100));
                  return [location.pathname, document.querySelectorAll('section.job').length, document.cookie]; })()
                """],
            ["cookies": true],
            ["eval": "document.querySelector('#logout').submit(); true"], ["waitLoad": true],
            ["eval": "(async () => [location.pathname, (await fetch('api/status')).status])()"],
        ], in: dir)
        print("login form screenshot: \(try TestOutput.keep(shot, as: "status-login-phone.png").path)")
        #expect((results[2] as? [Any])?.last as? Bool == true, "the login form: \(results[2])")
        let page = try #require(results[6] as? [Any])
        #expect(page[0] as? String == "/" && page[1] as? Int == 1, "the page after the login: \(page)")
        #expect(page[2] as? String == "", "no script can read the session cookie")
        let cookies = (results[7] as? [[String: Any]]) ?? []
        let kept = try #require(cookies.first { $0["name"] as? String == "camsched_session" }, "\(cookies)")
        #expect(kept["httpOnly"] as? Bool == true && kept["sameSite"] as? String == "Strict", "\(kept)")
        #expect((kept["expires"] as? Double ?? 0) > Date().timeIntervalSince1970 + 3600, "an expiry: \(kept)")
        let after = try #require(results[10] as? [Any])
        #expect(after[0] as? String == "/login" && after[1] as? Int == 401, "logged out: \(after)")
    }
}
