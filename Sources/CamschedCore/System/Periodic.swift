/// A chore done once a period for as long as its task runs: the one loop of camsched's periodic
/// work (the status board's samples, the metrics file, systemd's watchdog ping), where time
/// itself is what is asked for.
package enum Periodic {
    /// Runs `body` every `period` until the task is cancelled — the first time at once, or
    /// after one period with `waitingFirst`. A cancellation during the wait ends it without
    /// another run.
    package static func run(every period: Duration, waitingFirst: Bool = false, _ body: () async -> Void) async {
        var wait = waitingFirst
        while !Task.isCancelled {
            if wait {
                guard (try? await Task.sleep(for: period)) != nil else { return }
            }
            await body()
            wait = true
        }
    }
}
