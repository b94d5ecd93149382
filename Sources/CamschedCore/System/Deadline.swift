/// The end of a wait: what every timeout in camsched counts down with, so that a wait for a
/// signal (a continuation, a task group's first answer) is bounded without a sleep of its own.
package enum Deadline {
    /// Returns once `timeout` has passed, or at once when the task is cancelled.
    package static func passes(after timeout: Duration) async {
        try? await Task.sleep(for: timeout)
    }

    /// Calls `expired` once `timeout` has passed, unless the returned task is cancelled first
    /// (the wait it bounds ended): cancel it when the wait is over.
    @discardableResult
    package static func start(after timeout: Duration, _ expired: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        Task {
            await passes(after: timeout)
            if !Task.isCancelled { expired() }
        }
    }
}
