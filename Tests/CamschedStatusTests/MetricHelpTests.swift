import CamschedStatus
import CoreMetrics
import Foundation
import Testing

/// Every metric camsched makes has a `# HELP` line of its own (issue 30), through the same
/// registry `/metrics` and `--metrics-file` render.
@Suite struct MetricHelpTests {
    static func lines(_ text: String, _ prefix: String) -> Set<String> {
        Set(text.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map { String($0.split(separator: " ")[2]) })
    }

    @Test func everyCamschedMetricHasItsOwnHelpText() {
        let exposition = PrometheusExposition()
        let metrics = StatusMetrics(factory: exposition.factory)
        metrics.register(job: "j")
        for name in [StatusMetrics.Name.filesFiled, StatusMetrics.Name.bytesFiled, StatusMetrics.Name.triggers] {
            metrics.count(name, job: "j", kind: "still", by: 1)
        }
        metrics.lateness(job: "j", seconds: 0.01)
        metrics.gauge(StatusMetrics.Name.filesystemFree, root: "/srv", 1)
        Gauge(label: "camsched_catalog_backlog_rows", dimensions: [("root", "/srv")], factory: exposition.factory).record(3)
        let text = String(decoding: exposition.text(), as: UTF8.self)
        let typed = Self.lines(text, "# TYPE "), described = Self.lines(text, "# HELP ")
        #expect(typed.count == 17, "\(typed.sorted())")
        #expect(described == typed, "\(text)")
        #expect(!text.contains("no description registered"), "\(text)")
        #expect(text.contains(#"camsched_job_last_success_timestamp_seconds{job="j"} 0.0"#), "present at 0 from the start")
    }

    @Test func aMetricWithoutAnEntryStillGetsAHelpLineNamingIt() {
        let exposition = PrometheusExposition()
        CoreMetrics.Counter(label: "camsched_something_new_total", dimensions: [], factory: exposition.factory).increment()
        let text = String(decoding: exposition.text(), as: UTF8.self)
        #expect(text.contains("# HELP camsched_something_new_total camsched metric camsched_something_new_total"), "\(text)")
    }
}
