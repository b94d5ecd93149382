import CamschedTestSupport
import Foundation
import Testing

/// The report of a real exposure-ramp run: the light its stills' sidecars carry (brightness,
/// exposure time, gain, the sun's elevation) becomes the report's light charts.
@Suite struct ReportRampRunTests {
    @Test func aRampRunOnTheDaySceneIsChartedBesideTheSun() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("ramp.json", """
            {
              "name": "ramp",
              "location": { "latitude": 52.52, "longitude": 13.40 },
              "camera": { "device": "test:?scene=day&size=320x180&fps=30&start=2026-06-21T19:00:00Z&timeScale=600",
                          "warmup": "100ms",
                          "exposure": { "mode": "ramp", "target": 0.45, "maxExposure": "100ms", "maxGain": 16, "maxStep": "0.5EV" } },
              "capture": { "interval": { "every": "250ms", "count": 8 } },
              "still": { "format": "jpeg", "quality": 85 },
              "output": { "root": "out", "path": "{job}/{job}-{seq}" }
            }
            """)
        let id = try ReportCommandTests.run(job)
        let stills = JobFixtures.filed(dir, ext: "jpg")
        #expect(!stills.isEmpty)
        let first = try #require(stills.first)
        let light = try #require(try JobFixtures.sidecar(first)["light"] as? [String: Any])
        for key in ["brightness", "exposureTime", "gain", "sunElevation"] { #expect(light[key] is Double || light[key] is Int, "\(key): \(light)") }
        let html = dir.file("ramp.html")
        let report = try CamschedBinary.run(["report", id, "--root", dir.file("out").path, "-o", html.path])
        #expect(report.status == 0, "\(report.stderr)")
        let page = try ReportHTML.parse(html)
        for title in ["Exposure time (log scale)", "Gain (× the sensor's base)", "Measured brightness (mean luma: 0 black, 1 white)"] {
            #expect(page.chartTitles.contains(title), "\(page.chartTitles)")
        }
        #expect(page.text.contains("horizon"))
        #expect(page.text.contains("sun elevation (°, right axis)"))
    }
}
