import CamschedFiling
import Foundation

/// The charts of a run, from its sidecars: frame rate and dropped frames per recorded file,
/// pressure level over time, the lateness histogram of stills that were due at a time, and
/// the stills' light beside the sun's elevation (``light(_:)``).
package enum ReportCharts {
    /// The pressure levels from lowest to highest (SPEC: 0 nominal … 4 shutdown).
    package static let levels = ["nominal", "fair", "serious", "critical", "shutdown"]

    /// Every chart that has data, as SVG figures in page order.
    package static func all(_ report: RunReport) -> [String] {
        [fps(report), dropped(report), pressure(report), lateness(report)].compactMap { $0 } + light(report)
    }

    /// Requested and measured frame rate of each video file, and the rate pressure put in
    /// force, over the run; nil without videos.
    package static func fps(_ report: RunReport) -> String? {
        let videos = report.videos.filter { $0.sidecar.fps != nil }
        guard !videos.isEmpty, let origin = origin(report) else { return nil }
        let at = { (date: Date) in date.timeIntervalSince(origin) }
        var requested: [(x: Double, y: Double)] = [], actual: [(x: Double, y: Double)] = []
        for video in videos {
            guard let rate = video.sidecar.fps else { continue }
            requested.append((at(video.sidecar.startedAt), rate.requested))
            actual.append((at(video.sidecar.startedAt), rate.actual))
        }
        var series = [ChartSeries(name: "requested", colour: "#7f8c8d", points: requested, dashed: true),
                      ChartSeries(name: "measured per file", colour: "#2471a3", points: actual)]
        let inForce = pressureChanges(report).filter { $0.fps > 0 }.map { (x: at($0.at), y: $0.fps) }
        if !inForce.isEmpty { series.append(ChartSeries(name: "in force (pressure)", colour: "#d68910", points: inForce)) }
        return SVGChart.steps(title: "Frame rate (fps)", series: series, xDomain: domain(report, origin: origin),
                              xLabel: "seconds since the run started")
    }

    /// Dropped frames of each video file; nil without videos.
    package static func dropped(_ report: RunReport) -> String? {
        let videos = report.videos
        guard !videos.isEmpty else { return nil }
        let bars = videos.enumerated().map { index, video in
            (label: "#\(video.sidecar.segment ?? index)", value: Double(video.sidecar.droppedFrames ?? 0))
        }
        return SVGChart.bars(title: "Dropped frames per file", bars: bars, xLabel: "file (segment number)")
    }

    /// The pressure level over the run (nominal until the first change the sidecars list); nil
    /// for a run of stills only, which pressure does not throttle: a flat "nominal" line there
    /// only pushed the charts that matter further down.
    package static func pressure(_ report: RunReport) -> String? {
        guard report.files.contains(where: { $0.sidecar.kind == .segment || $0.sidecar.kind == .clip }),
              let origin = origin(report) else { return nil }
        let changes = pressureChanges(report)
        var points: [(x: Double, y: Double)] = [(0, 0)]
        for change in changes {
            points.append((change.at.timeIntervalSince(origin), Double(levels.firstIndex(of: change.level) ?? 0)))
        }
        let ticks = levels.enumerated().map { (value: Double($0.offset), label: $0.element) }
        return SVGChart.steps(title: "Pressure level", series: [ChartSeries(name: "level", colour: "#8e44ad", points: points)],
                              xDomain: domain(report, origin: origin), xLabel: "seconds since the run started", yTicks: ticks)
    }

    /// How late each still was (`startedAt` − `scheduledAt`, milliseconds); nil when no still
    /// has a due time.
    package static func lateness(_ report: RunReport) -> String? {
        let values = latenessMilliseconds(report)
        guard !values.isEmpty else { return nil }
        let histogram = Histogram(values: values)
        let bars = histogram.counts.enumerated().map { index, count in
            (label: HTMLText.number(histogram.lowerEdge(index)), value: Double(count))
        }
        return SVGChart.bars(title: "Lateness of \(values.count) still(s)", bars: bars,
                             xLabel: "ms late (bin start, \(HTMLText.number(histogram.binWidth)) ms bins)", colour: "#117864")
    }

    /// Each still's lateness in milliseconds, in capture order.
    package static func latenessMilliseconds(_ report: RunReport) -> [Double] {
        report.stills.compactMap { still in
            still.sidecar.scheduledAt.map { still.sidecar.startedAt.timeIntervalSince($0) * 1000 }
        }
    }

    /// The run's pressure changes: the union of its sidecars' lists (each holds the run's log
    /// up to that file), in time order.
    package static func pressureChanges(_ report: RunReport) -> [SidecarPressureChange] {
        Set(report.files.flatMap(\.sidecar.pressure)).sorted { ($0.at, $0.level) < ($1.at, $1.level) }
    }

    private static func origin(_ report: RunReport) -> Date? {
        report.startedAt ?? report.files.first?.sidecar.startedAt
    }

    private static func domain(_ report: RunReport, origin: Date) -> ClosedRange<Double> {
        let end = max(report.endedAt ?? origin, report.files.map(\.sidecar.endedAt).max() ?? origin).timeIntervalSince(origin)
        return 0...max(end, 0.001)
    }
}
