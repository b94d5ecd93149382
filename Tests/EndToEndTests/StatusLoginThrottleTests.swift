import CamschedTestSupport
import Foundation
import Glibc
import Testing

/// Wrong logins on the status page are throttled per client and cost no connection (issue 42):
/// 200 clients guessing the token used to lock out every client, the right token included, since
/// each wrong guess waited a second in its connection; and each guess was a line in the log.
@Suite(.serialized) struct StatusLoginThrottleTests {
    static let token = "dGhyb3R0bGUtdG9rZW4tMTIzNDU2Nzg5"

    /// A browser with the right token, from an address no guesser uses, logs in and gets the
    /// page with its session cookie; how long both took, or what went wrong.
    static func rightTokenLogsIn(port: Int) -> Result<Double, HTTPProbe.Failure> {
        let began = Date()
        guard let login = try? LoginGuessers.postLogin(from: "127.0.1.1", port: port, token: token) else {
            return .failure(.init(description: "the login got no answer"))
        }
        guard login.status == 303, let cookie = login.headers["set-cookie"] else {
            return .failure(.init(description: "the login was answered \(login.status)"))
        }
        let session = String(cookie.prefix { $0 != ";" })
        guard let page = try? LoginGuessers.get("/", from: "127.0.1.1", port: port, headers: "Cookie: \(session)\r\n") else {
            return .failure(.init(description: "the page got no answer"))
        }
        guard page.status == 200, page.text.contains("<title>") else {
            return .failure(.init(description: "the page was answered \(page.status)"))
        }
        return .success(Date().timeIntervalSince(began))
    }

    @Test func twoHundredGuessersNeitherLockOutTheRightTokenNorFillTheLog() throws {
        let dir = try TemporaryDirectory()
        try dir.write("jobs/yearly.json", LiveStatusIdleTests.job)
        let tokenFile = try dir.write("t.token", Self.token + "\n")
        chmod(tokenFile.path, 0o600)
        let live = try LiveStatusProcess(["daemon", dir.file("jobs").path, "--listen", "127.0.0.1:0", "--token-file", tokenFile.path], in: dir)
        // The first connection starts the HTTP server.
        #expect(try live.get("/login").status == 200)
        let guessers = LoginGuessers(count: 200, port: live.port)
        defer { _ = guessers.stop() }
        // Once as many guesses ended as there are guessers, and again once each could have
        // guessed six times: while they guess wrong, and while they are throttled.
        var results: [Result<Double, HTTPProbe.Failure>] = []
        for attempts in [200, 1200] {
            #expect(Wait.until(seconds: 60) { guessers.attempts >= attempts }, "\(attempts) guesses ended")
            results.append(Self.rightTokenLogsIn(port: live.port))
        }
        let answers = guessers.stop()
        for result in results {
            switch result {
            case let .success(seconds): #expect(seconds < 2, "logged in and served within 2 s while 200 clients guess: \(seconds) s")
            case let .failure(failure): Issue.record("the right token was locked out: \(failure)")
            }
        }
        for (index, got) in answers.enumerated() {
            #expect(got.count >= 6 && got.prefix(5).allSatisfy { $0.status == 401 }, "guesser \(index): five wrong tries answered 401: \(got.map(\.status))")
            if got.count >= 6 {
                #expect(got[5].status == 429 && Int(got[5].retryAfter ?? "") ?? 0 >= 1, "guesser \(index): then 429 with Retry-After: \(got[5])")
            }
        }
        let refusals = answers.flatMap { $0.dropFirst(5).filter { $0.status == 429 } }.map(\.seconds).sorted()
        let median = refusals.isEmpty ? 99 : refusals[refusals.count / 2]
        #expect(median < 0.5, "429 answered at once: median \(median) s")

        #expect(live.stop(SIGTERM) == 143)
        let lines = live.log.split(separator: "\n").filter { $0.contains("wrong login") || $0.contains("wrong token") }
        #expect(lines.count <= 2, "a summary, not a line a guess: \(lines.count) lines, first \(lines.prefix(3))")
        #expect(lines.contains { $0.contains("wrong logins from 200 clients") }, "\(lines)")
    }
}
