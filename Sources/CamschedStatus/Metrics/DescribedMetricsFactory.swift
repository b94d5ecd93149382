import CoreMetrics
import Prometheus

/// swift-prometheus' swift-metrics backend with a `# HELP` line for every metric.
///
/// `PrometheusMetricsFactory` makes every metric with an empty help text (swift-metrics has no
/// place for one). This factory makes them through the registry's own public `make…(help:)`
/// calls (with a name descriptor carrying the text from ``MetricHelp``), and leaves everything else (buckets, removal) to
/// the wrapped factory. The registry renders the text format as before.
package struct DescribedMetricsFactory: MetricsFactory {
    package let base: PrometheusMetricsFactory
    var registry: PrometheusCollectorRegistry { base.registry }

    package init(base: PrometheusMetricsFactory) {
        self.base = base
    }

    package func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        registry.makeCounter(descriptor: Self.descriptor(label), labels: dimensions)
    }

    package func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(descriptor: Self.descriptor(label), labels: dimensions)
    }

    package func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return registry.makeGauge(descriptor: Self.descriptor(label), labels: dimensions) }
        let buckets = base.valueHistogramBuckets[label] ?? base.defaultValueHistogramBuckets
        return registry.makeValueHistogram(descriptor: Self.descriptor(label), labels: dimensions, buckets: buckets)
    }

    package func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        registry.makeGauge(descriptor: Self.descriptor(label), labels: dimensions)
    }

    package func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        let buckets = base.durationHistogramBuckets[label] ?? base.defaultDurationHistogramBuckets
        return registry.makeDurationHistogram(descriptor: Self.descriptor(label), labels: dimensions, buckets: buckets)
    }

    /// The metric's name as it is (no namespace or unit parts added) and its help text.
    static func descriptor(_ label: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: label, unitName: "", helpText: MetricHelp.text(for: label))
    }

    package func destroyCounter(_ handler: any CounterHandler) { base.destroyCounter(handler) }
    package func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) { base.destroyFloatingPointCounter(handler) }
    package func destroyRecorder(_ handler: any RecorderHandler) { base.destroyRecorder(handler) }
    package func destroyMeter(_ handler: any MeterHandler) { base.destroyMeter(handler) }
    package func destroyTimer(_ handler: any TimerHandler) { base.destroyTimer(handler) }
}
