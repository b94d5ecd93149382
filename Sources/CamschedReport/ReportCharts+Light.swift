import CamschedFiling
import Foundation

extension ReportCharts {
    /// The light of a run's stills (each sidecar's `light`), each beside the sun's elevation:
    /// exposure time (log scale), gain and measured brightness over the run; a chart only for a
    /// quantity some still has. When the stills carry only the sun's elevation, a chart of it
    /// alone.
    package static func light(_ report: RunReport) -> [String] {
        let shots = report.stills.compactMap { still in still.sidecar.light.map { (still.sidecar.startedAt, $0) } }
        guard !shots.isEmpty, let origin = report.startedAt ?? shots.first?.0 else { return [] }
        let end = max(report.endedAt ?? origin, shots.last?.0 ?? origin).timeIntervalSince(origin)
        func series(_ value: (SidecarLight) -> Double?) -> [(x: Double, y: Double)] {
            shots.compactMap { date, light in value(light).map { (date.timeIntervalSince(origin), $0) } }
        }
        let sun = series(\.sunElevation)
        let exposure = series(\.exposureTime), gain = series(\.gain), brightness = series(\.brightness)
        var charts: [String?] = []
        if !exposure.isEmpty {
            charts.append(LightChart.draw(title: "Exposure time (log scale)", name: "exposure time", colour: "#2471a3",
                                          points: exposure, axis: .logarithmic(exposure.map(\.y), label: exposureText),
                                          sun: sun, end: end))
        }
        if !gain.isEmpty {
            charts.append(LightChart.draw(title: "Gain (× the sensor's base)", name: "gain", colour: "#7d3c98", points: gain,
                                          axis: .linear(gain.map(\.y), including: [0, 1]) { "\(HTMLText.number($0))×" },
                                          sun: sun, end: end))
        }
        if !brightness.isEmpty {
            charts.append(LightChart.draw(title: "Measured brightness (mean luma: 0 black, 1 white)", name: "brightness",
                                          colour: "#117864", points: brightness,
                                          axis: .fixed(0...1) { HTMLText.number($0) }, sun: sun, end: end))
        }
        if charts.isEmpty, !sun.isEmpty {
            charts.append(LightChart.draw(title: "Sun elevation at each shot", name: "shots", colour: sunColourShots,
                                          points: [], axis: .fixed(0...1) { _ in "" }, sun: sun, end: end))
        }
        return charts.compactMap { $0 }
    }

    static let sunColourShots = "#d68910"

    /// An exposure time as a person reads it: `250 µs`, `12.5 ms`, `1/2 s` is `500 ms`, `2 s`.
    static func exposureText(_ seconds: Double) -> String {
        if seconds >= 1 { return "\(HTMLText.number(seconds)) s" }
        if seconds >= 0.001 { return "\(HTMLText.number(seconds * 1000)) ms" }
        return "\(HTMLText.number(seconds * 1_000_000)) µs"
    }
}
