/// The per-job values a metrics file held before this process (``MetricsFile/previous()``).
public struct MetricsCarryOver: Sendable {
    public var lastSuccess: [String: Double] = [:]
    public var runs: [String: Double] = [:]
    public var failures: [String: Double] = [:]

    public init(lastSuccess: [String: Double] = [:], runs: [String: Double] = [:], failures: [String: Double] = [:]) {
        self.lastSuccess = lastSuccess
        self.runs = runs
        self.failures = failures
    }
}
