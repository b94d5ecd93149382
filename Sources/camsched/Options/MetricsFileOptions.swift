import ArgumentParser
import Foundation

/// `--metrics-file FILE` of `run` and `daemon`, else `$CAMSCHED_METRICS_FILE` (for a systemd
/// unit's Environment=): the metrics for node_exporter's textfile collector.
struct MetricsFileOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Write the metrics in Prometheus text format to FILE for node_exporter's textfile collector (default: $CAMSCHED_METRICS_FILE).",
        discussion: "Written atomically (a temporary file in the same folder, then renamed; mode 0644) at the start, every 15 s and at the end, also when the run fails. camsched_job_last_success_timestamp_seconds is 0 until a run succeeds. The folder must exist and be writable, and FILE must be a regular file or not exist: a symbolic link, a FIFO, a device node, a socket or a folder there is refused (exit 2) and never replaced, also when it appears during a run. Name the file *.prom.",
        valueName: "file"))
    var metricsFile: String?

    static let environmentVariable = "CAMSCHED_METRICS_FILE"

    /// The option, else the environment variable (an empty one counts as unset).
    var path: String? {
        if let metricsFile { return metricsFile }
        guard let value = ProcessInfo.processInfo.environment[Self.environmentVariable], !value.isEmpty else { return nil }
        return value
    }

    func validate() throws {
        if let metricsFile, metricsFile.isEmpty { throw ValidationError("--metrics-file must not be empty; name a file such as camsched.prom") }
    }
}
