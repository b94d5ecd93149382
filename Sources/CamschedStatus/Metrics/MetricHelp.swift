/// The `# HELP` text of each camsched metric, as Documentation/live-status.md describes it.
///
/// swift-metrics has no place for a description, so ``DescribedMetricsFactory`` looks the text
/// up here by the metric's name when swift-prometheus makes the metric.
package enum MetricHelp {
    static let texts: [String: String] = [
        StatusMetrics.Name.framesCaptured: "Frames the camera delivered to the capture mode (warm-up excluded).",
        StatusMetrics.Name.framesDropped: "Frames the runs' streams lost (camera or driver gaps, or let go for a late consumer).",
        StatusMetrics.Name.filesFiled: "Files filed, by kind (still, burst, segment, clip, timelapse).",
        StatusMetrics.Name.bytesFiled: "Bytes filed, by kind (still, burst, segment, clip, timelapse).",
        StatusMetrics.Name.lateness: "How long after its due time each still was taken (startedAt - scheduledAt).",
        StatusMetrics.Name.fps: "Frames per second the stream delivered over the last second (0 when idle).",
        StatusMetrics.Name.fpsTarget: "Frames per second asked for: the job's camera.fps, or the throttled rate in force.",
        StatusMetrics.Name.pressureLevel: "System pressure: 0 nominal, 1 fair, 2 serious, 3 critical, 4 shutdown.",
        StatusMetrics.Name.cameraUp: "1 while the job's camera streams, 0 when it is away or the job is idle.",
        StatusMetrics.Name.encoderLag: "Frame intervals the newest frame waited before the capture mode took it.",
        StatusMetrics.Name.lastSuccess: "Unix time of the job's last run that ended with exit 0 (one that filed none of its shots is exit 1); 0 until a run succeeds.",
        StatusMetrics.Name.filesystemFree: "Free bytes of each output root's filesystem (label root).",
        StatusMetrics.Name.triggers: "Trigger events, by kind (motion, external).",
        StatusMetrics.Name.runs: "Runs of the job that ended (any exit code, skips included).",
        StatusMetrics.Name.failures: "Runs of the job that failed (an exit code other than 0 and not a stop by a signal).",
        StatusMetrics.Name.shotsSkipped: "Interval shots skipped because they came more than one period late (too few frames, too late).",
        "camsched_catalog_backlog_rows": "Catalog rows waiting to be sent to the fleet catalog (label root).",
    ]

    /// The help text of a metric: its entry above, else a plain one naming it (never empty,
    /// so every metric a layer adds through swift-metrics still has a `# HELP` line).
    package static func text(for name: String) -> String {
        texts[name] ?? "camsched metric \(name) (no description registered in MetricHelp)."
    }
}
