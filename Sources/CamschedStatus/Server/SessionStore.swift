import Foundation
import Synchronization

/// The browser sessions of a server with a token: a login (the token typed into the page's form)
/// makes a random session id, kept here in memory only with its expiry, and sent back as the
/// cookie of ``SessionCookie``. A restart, a logout or ``lifetime`` ends a session.
final class SessionStore: Sendable {
    /// How long a session lasts after its login.
    static let lifetime: TimeInterval = 12 * 3600
    /// At most this many sessions at once; a new login beyond it ends the oldest.
    static let room = 64

    private let sessions = Mutex<[String: Date]>([:])

    /// A new session: its id (32 random bytes from the system's generator, in hex) and expiry.
    func open(now: Date = Date()) -> (id: String, expires: Date) {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let expires = now.addingTimeInterval(Self.lifetime)
        sessions.withLock { table in
            table = table.filter { $0.value > now }
            if table.count >= Self.room, let oldest = table.min(by: { $0.value < $1.value })?.key { table[oldest] = nil }
            table[id] = expires
        }
        return (id, expires)
    }

    /// Whether `id` names a session that has not expired. Compares every stored id in constant
    /// time, so the time taken does not tell how much of a guess was right.
    func accepts(_ id: String?, now: Date = Date()) -> Bool {
        guard let id, id.utf8.count == 64 else { return false }
        let given = Array(id.utf8)
        return sessions.withLock { table in
            var found = false
            for (stored, expires) in table {
                var difference: UInt8 = 0
                for (a, b) in zip(Array(stored.utf8), given) { difference |= a ^ b }
                if difference == 0 && expires > now { found = true }
            }
            return found
        }
    }

    func close(_ id: String?) {
        guard let id else { return }
        sessions.withLock { $0[id] = nil }
    }
}
