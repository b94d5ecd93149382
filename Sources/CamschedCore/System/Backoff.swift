/// The one back-off: how long to wait before trying again something that failed — the fleet
/// catalog, the MQTT broker, the catalog's SQLite file, the daemon's restart of a job that runs
/// always. Each wait doubles the last, up to `longest`; ``reset()`` after a success starts
/// from `first` again.
package struct Backoff: Sendable, Equatable {
    package let first: Duration
    package let longest: Duration
    private var current: Duration

    package init(first: Duration, longest: Duration) {
        precondition(first > .zero && longest >= first, "a back-off starts above zero and grows")
        (self.first, self.longest, current) = (first, longest, first)
    }

    /// The wait before the next try; the one after it is twice as long, at most `longest`.
    package mutating func next() -> Duration {
        defer { current = min(current * 2, longest) }
        return current
    }

    /// After a success: the next wait is `first`.
    package mutating func reset() { current = first }

    /// The wait in seconds, for APIs that take a `TimeInterval`.
    package mutating func nextSeconds() -> Double { next().secondsValue }
}
