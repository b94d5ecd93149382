import CamschedFiling
import Foundation
@testable import CamschedReport
import Testing

/// The light charts: exposure time, gain and brightness from each still's sidecar `light`,
/// beside the sun's elevation.
@Suite struct ReportLightChartsTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A dusk: 121 stills a minute apart while the sun sinks from +8° to −12°; the exposure
    /// time rises from 1/2000 s to 1/2 s, then the gain from 1× to 8×, the brightness holds
    /// at 0.45 and sags at the end.
    static func dusk(_ light: (Int) -> SidecarLight?) -> RunReport {
        let files = (0...120).map { index in
            let at = start.addingTimeInterval(Double(index) * 60)
            var sidecar = Sidecar(job: "dusk", run: "r1", kind: .still, file: "dusk/\(index).jpg", bytes: 1000,
                                  sha256: String(repeating: "ab", count: 32), startedAt: at, endedAt: at, host: "h",
                                  camschedVersion: "t")
            sidecar.light = light(index)
            return RunReport.File(sidecar: sidecar, url: URL(fileURLWithPath: "/nonexistent/\(index).jpg"))
        }
        return RunReport(job: "dusk", runID: "r1", source: "test", files: files)
    }

    static func fullLight(_ index: Int) -> SidecarLight {
        let t = Double(index) / 120
        return SidecarLight(brightness: t < 0.85 ? 0.45 : 0.45 - (t - 0.85) * 1.2,
                             exposureTime: min(0.5, 0.0005 * pow(1000, t / 0.7)),
                             gain: t < 0.7 ? 1 : min(8, 1 + (t - 0.7) * 25), sunElevation: 8 - 20 * t)
    }

    @Test func threeChartsBesideTheSunWithTheHorizonAndTheNightMarked() throws {
        let report = Self.dusk(Self.fullLight)
        let charts = ReportCharts.light(report)
        try #require(charts.count == 3)
        #expect(charts[0].contains("Exposure time (log scale)"))
        #expect(charts[1].contains("Gain"))
        #expect(charts[2].contains("Measured brightness"))
        // The exposure axis is logarithmic, in decades from 100 µs to 1 s, labelled in units.
        for label in ["100 µs", "1 ms", "10 ms", "100 ms", "1 s"] { #expect(charts[0].contains(">\(label)</text>"), "\(label)") }
        for chart in charts {
            #expect(chart.contains(">horizon</text>"))
            #expect(chart.contains("sun elevation (°, right axis)"))
            #expect(chart.contains("minutes since the run started"))
            // The sun set 0.4 of the way through (8° − 20° × 0.4 = 0): the night is shaded from there to the end.
            let night = try #require(chart.range(of: "class=\"night\" x=\"")).upperBound
            let x = Double(chart[night...].prefix { $0 != "\"" }) ?? 0
            #expect(abs(x - (LightChart.plotLeft + 0.4 * (LightChart.plotRight - LightChart.plotLeft))) < 1, "night from \(x)")
        }
        #expect(charts[1].contains(">8×</text>") && charts[1].contains(">0×</text>"))
        #expect(ReportCharts.all(report).count == 3, "a lateness-free run of stills has these three alone (no pressure chart)")
    }

    @Test func chartsOnlyForTheFieldsThere() {
        #expect(ReportCharts.light(Self.dusk { _ in nil }).isEmpty)
        let gainOnly = ReportCharts.light(Self.dusk { SidecarLight(gain: 1 + Double($0) / 60) })
        #expect(gainOnly.count == 1 && gainOnly[0].contains("Gain") && !gainOnly[0].contains("horizon"))
        let sunOnly = ReportCharts.light(Self.dusk { SidecarLight(sunElevation: 8 - Double($0) / 6) })
        #expect(sunOnly.count == 1 && sunOnly[0].contains("Sun elevation") && sunOnly[0].contains("horizon"))
        // Some stills without a light (a ramp added halfway): only those with one are drawn.
        let half = ReportCharts.light(Self.dusk { $0 < 60 ? nil : Self.fullLight($0) })
        #expect(half.count == 3)
        #expect(half[0].components(separatedBy: "<circle").count - 1 == 61)
    }

    @Test func exposureTimesReadAsAPersonWritesThem() {
        #expect(ReportCharts.exposureText(0.0125) == "12.5 ms")
        #expect(ReportCharts.exposureText(0.0002) == "200 µs")
        #expect(ReportCharts.exposureText(2) == "2 s")
        #expect(TimeAxis(seconds: 7200).label == "minutes since the run started")
        #expect(TimeAxis(seconds: 86400).end == 24)
    }
}
