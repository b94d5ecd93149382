import CoreMetrics
import Foundation
import Prometheus

/// The Prometheus backend of swift-metrics, bootstrapped once per process when `--listen` or
/// `--metrics-file` is given, and the text `/metrics` serves and the metrics file holds.
package struct PrometheusExposition: Sendable {
    package let registry: PrometheusCollectorRegistry
    /// swift-prometheus' factory with a `# HELP` line for every metric (``MetricHelp``).
    package let factory: DescribedMetricsFactory

    /// A registry with lateness buckets fit for stills (1 ms … 1 min), not bootstrapped.
    package init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[StatusMetrics.Name.lateness] = [
            .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
            .seconds(10), .seconds(30), .seconds(60),
        ]
        self.factory = DescribedMetricsFactory(base: factory)
    }

    /// Makes this the process's swift-metrics backend (once per process; a second call traps).
    package func bootstrap() {
        MetricsSystem.bootstrap(factory)
    }

    /// The metrics in Prometheus' text format (version 0.0.4).
    package func text() -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(8192)
        registry.emit(into: &buffer)
        return buffer
    }
}
