/// The per-job values a metrics file held before this process (``MetricsFile/previous()``).
package struct MetricsCarryOver: Sendable {
    package var lastSuccess: [String: Double] = [:]
    package var runs: [String: Double] = [:]
    package var failures: [String: Double] = [:]
    /// `camsched_shots_skipped_total`: counted on, as the failures are, so an alert on its
    /// increase sees the shots each cron run skipped.
    package var shotsSkipped: [String: Double] = [:]

    package init(lastSuccess: [String: Double] = [:], runs: [String: Double] = [:], failures: [String: Double] = [:],
                shotsSkipped: [String: Double] = [:]) {
        self.lastSuccess = lastSuccess
        self.runs = runs
        self.failures = failures
        self.shotsSkipped = shotsSkipped
    }
}
