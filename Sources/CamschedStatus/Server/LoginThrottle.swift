import Synchronization

/// Throttles wrong logins on the page's form per client (``LoginClient``), without holding a
/// connection: each client may get the token wrong ``burst`` times, then one more try comes back
/// every ``refill``; a client with no try left is answered `429 Too Many Requests` at once, with
/// `Retry-After`, and its token is not even compared. Other clients — the one with the right
/// token among them — are served as usual, whatever the guessers do. (A wrong guess used to wait a
/// second in its connection: 200 guessers took every connection the server keeps.)
///
/// Memory is bounded: at most ``capacity`` clients are remembered; one more forgets the one
/// whose last wrong login is oldest. Wrong and refused logins are summed up in one log line per
/// ``period`` (``LoginSummary``), not one per guess.
final class LoginThrottle: Sendable {
    enum Verdict: Equatable, Sendable {
        case right
        case wrong
        /// Not checked; the client may try again in this many seconds.
        case throttled(retryAfter: Int)
    }

    private struct Entry {
        /// Tries left (fractions come back with time).
        var tries: Double
        var updated: ContinuousClock.Instant
    }

    private struct State {
        var entries: [LoginClient: Entry] = [:]
        var summary = LoginSummary()
    }

    /// Wrong tries a client has before it must wait.
    static let burst = 5.0
    /// How long a client waits for one more try.
    static let refill: Duration = .seconds(10)
    /// Clients remembered at most.
    static let capacity = 1024
    /// How often the summary of wrong logins is logged (when there were any).
    static let period: Duration = .seconds(60)

    private let state = Mutex(State())

    /// Decides a login of `client` whose token `matches` or not, counting a wrong one.
    func check(_ client: LoginClient, matches: Bool, now: ContinuousClock.Instant = .now) -> Verdict {
        state.withLock { state in
            var entry = state.entries[client].map { Self.refilled($0, now: now) }
            if let tries = entry?.tries, tries < 1 {
                state.summary.count(client, refused: true, at: now)
                let wait = Self.refill * (1 - tries)
                return .throttled(retryAfter: max(1, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0)))
            }
            if matches { return .right }
            if entry == nil, state.entries.count >= Self.capacity,
               let oldest = state.entries.min(by: { $0.value.updated < $1.value.updated })?.key {
                state.entries[oldest] = nil
            }
            entry = entry ?? Entry(tries: Self.burst, updated: now)
            entry?.tries -= 1
            state.entries[client] = entry
            state.summary.count(client, refused: false, at: now)
            return .wrong
        }
    }

    /// The summary line when a period has passed since its first wrong login (or at once when
    /// `force`, as the server stops), starting the next period; nil when there is nothing to say yet.
    func takeSummary(now: ContinuousClock.Instant = .now, force: Bool = false) -> String? {
        state.withLock { state in
            guard let since = state.summary.since, force || now - since >= Self.period else { return nil }
            defer { state.summary = LoginSummary() }
            return state.summary.line(at: now)
        }
    }

    /// How many clients are remembered (for tests of the bound).
    var remembered: Int { state.withLock { $0.entries.count } }

    private static func refilled(_ entry: Entry, now: ContinuousClock.Instant) -> Entry {
        let gained = (now - entry.updated) / refill
        return Entry(tries: min(burst, entry.tries + gained), updated: now)
    }
}
