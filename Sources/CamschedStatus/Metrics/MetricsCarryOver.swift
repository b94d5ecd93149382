/// The per-job values a metrics file held before this process (``MetricsFile/previous()``).
public struct MetricsCarryOver: Sendable {
    public var lastSuccess: [String: Double] = [:]
    public var runs: [String: Double] = [:]
    public var failures: [String: Double] = [:]
    /// `camsched_shots_skipped_total`: counted on, as the failures are, so an alert on its
    /// increase sees the shots each cron run skipped.
    public var shotsSkipped: [String: Double] = [:]

    public init(lastSuccess: [String: Double] = [:], runs: [String: Double] = [:], failures: [String: Double] = [:],
                shotsSkipped: [String: Double] = [:]) {
        self.lastSuccess = lastSuccess
        self.runs = runs
        self.failures = failures
        self.shotsSkipped = shotsSkipped
    }
}
