/// Wrong logins of one period, for the one log line the period gets (instead of a line a
/// guess): how many, from how many clients, and how many more were answered 429 unchecked.
struct LoginSummary: Sendable {
    /// When the period's first wrong or refused login came; nil while nothing happened.
    private(set) var since: ContinuousClock.Instant?
    private(set) var wrong = 0
    private(set) var refused = 0
    /// The clients seen, at most ``clientLimit`` (more are counted as "more than").
    private var clients: Set<LoginClient> = []
    private var firstClient: LoginClient?

    /// Distinct clients remembered in a period: bounds the memory a swarm of addresses takes.
    static let clientLimit = 4096

    mutating func count(_ client: LoginClient, refused wasRefused: Bool, at now: ContinuousClock.Instant) {
        if since == nil { since = now }
        if wasRefused { refused += 1 } else { wrong += 1 }
        if firstClient == nil { firstClient = client }
        if clients.count < Self.clientLimit { clients.insert(client) }
    }

    /// The period's line, or nil when nothing happened; e.g. "live status: 1000 wrong logins
    /// from 200 clients in the last 42 s (e.g. 127.0.0.2); 600 more answered 429 Too Many
    /// Requests without being checked".
    func line(at now: ContinuousClock.Instant) -> String? {
        guard let since else { return nil }
        let seconds = max(1, Int((now - since).components.seconds))
        let span = seconds >= 60 && seconds < 120 ? "minute" : "\(seconds) s"
        let many = clients.count >= Self.clientLimit ? "more than \(Self.clientLimit)" : "\(clients.count)"
        var text = "live status: \(wrong) wrong login\(wrong == 1 ? "" : "s") from \(many) client\(clients.count == 1 ? "" : "s") in the last \(span)"
        if let firstClient { text += " (e.g. \(firstClient))" }
        if refused > 0 { text += "; \(refused) more answered 429 Too Many Requests without being checked" }
        return text
    }
}
