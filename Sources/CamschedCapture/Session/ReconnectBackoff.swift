/// When to try a lost camera again: four times a second.
///
/// The cap is what makes a recording resume within about two seconds of the camera's
/// return (one wait plus opening and warming it up); a quarter second between attempts costs next
/// to nothing, since each attempt only opens device nodes.
package struct ReconnectBackoff: Sendable, Equatable {
    /// Waits in nanoseconds, in order; the last one repeats.
    package static let steps: [Int64] = [250_000_000]
    private var attempt = 0

    package init() {}

    /// The wait before the next attempt.
    package mutating func nextDelay() -> Int64 {
        defer { attempt += 1 }
        return Self.steps[min(attempt, Self.steps.count - 1)]
    }

    package mutating func reset() { attempt = 0 }
}
