import CoreMetrics
import Foundation
import Synchronization

/// camsched's metrics (SPEC section 6) through swift-metrics: Prometheus' naming (units in
/// names, base units, `_total` for counters), label `job`, and `kind` where it applies.
///
/// The handles are made once per label set and kept. Other layers may add their own metrics
/// through swift-metrics with the same factory (e.g. a `camsched_catalog_backlog_rows` gauge):
/// they show up on `/metrics` as they are.
package final class StatusMetrics: Sendable {
    package enum Name {
        package static let framesCaptured = "camsched_frames_captured_total"
        package static let framesDropped = "camsched_frames_dropped_total"
        package static let filesFiled = "camsched_files_filed_total"
        package static let bytesFiled = "camsched_bytes_filed_total"
        package static let lateness = "camsched_capture_lateness_seconds"
        package static let fps = "camsched_fps"
        package static let fpsTarget = "camsched_fps_target"
        package static let pressureLevel = "camsched_pressure_level"
        package static let cameraUp = "camsched_camera_up"
        package static let encoderLag = "camsched_encoder_lag_frames"
        package static let lastSuccess = "camsched_job_last_success_timestamp_seconds"
        package static let filesystemFree = "camsched_filesystem_free_bytes"
        package static let triggers = "camsched_triggers_total"
        package static let runs = "camsched_job_runs_total"
        package static let failures = "camsched_job_failures_total"
        package static let shotsSkipped = "camsched_shots_skipped_total"
    }

    private let factory: any MetricsFactory
    private let counters = Mutex<[String: CoreMetrics.Counter]>([:])
    private let gauges = Mutex<[String: CoreMetrics.Gauge]>([:])
    private let timers = Mutex<[String: CoreMetrics.Timer]>([:])

    package init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
    }

    /// Makes every per-job series exist (at 0) so dashboards see a job before its first run, and
    /// an alert on `camsched_job_last_success_timestamp_seconds == 0` fires for a job that never
    /// succeeded. Series that already exist keep their values.
    package func register(job: String) {
        count(Name.framesCaptured, job: job, by: 0)
        count(Name.framesDropped, job: job, by: 0)
        count(Name.runs, job: job, by: 0)
        count(Name.failures, job: job, by: 0)
        count(Name.shotsSkipped, job: job, by: 0)
        gauge(Name.lastSuccess, job: job, 0, ifNew: true)
        for name in [Name.fps, Name.fpsTarget, Name.pressureLevel, Name.cameraUp, Name.encoderLag] { gauge(name, job: job, 0, ifNew: true) }
    }

    package func count(_ name: String, job: String, kind: String? = nil, by amount: Int) {
        let dimensions = Self.dimensions(job: job, kind: kind)
        let counter = counters.withLock { handles in
            let key = Self.key(name, dimensions)
            if let counter = handles[key] { return counter }
            let counter = CoreMetrics.Counter(label: name, dimensions: dimensions, factory: factory)
            handles[key] = counter
            return counter
        }
        if amount > 0 { counter.increment(by: Int64(amount)) }
    }

    package func gauge(_ name: String, job: String? = nil, root: String? = nil, _ value: Double, ifNew: Bool = false) {
        var dimensions = job.map { [("job", $0)] } ?? []
        if let root { dimensions.append(("root", root)) }
        let (gauge, isNew) = gauges.withLock { handles in
            let key = Self.key(name, dimensions)
            if let gauge = handles[key] { return (gauge, false) }
            let gauge = CoreMetrics.Gauge(label: name, dimensions: dimensions, factory: factory)
            handles[key] = gauge
            return (gauge, true)
        }
        if !ifNew || isNew { gauge.record(value) }
    }

    /// Records a still's lateness (how long after its due time it was taken).
    package func lateness(job: String, seconds: Double) {
        let dimensions = [("job", job)]
        let timer = timers.withLock { handles in
            let key = Self.key(Name.lateness, dimensions)
            if let timer = handles[key] { return timer }
            let timer = CoreMetrics.Timer(label: Name.lateness, dimensions: dimensions, factory: factory)
            handles[key] = timer
            return timer
        }
        timer.recordNanoseconds(Int64(max(0, seconds) * 1e9))
    }

    private static func dimensions(job: String, kind: String?) -> [(String, String)] {
        var dimensions = [("job", job)]
        if let kind { dimensions.append(("kind", kind)) }
        return dimensions
    }

    private static func key(_ name: String, _ dimensions: [(String, String)]) -> String {
        ([name] + dimensions.map { "\($0.0)=\($0.1)" }).joined(separator: "\u{1F}")
    }
}
