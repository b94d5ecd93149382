import CamschedTestSupport
import Foundation
import Testing

/// The report page in a real browser: headless Chromium loads the file offline and its
/// screenshot shows the contact sheet (not a blank page).
@Suite struct ReportBrowserTests {
    static let chromium = "/usr/bin/chromium"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: chromium), "needs Debian's chromium (make deps-test)"))
    func headlessChromiumRendersTheContactSheet() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(count: 6))
        let id = try ReportCommandTests.run(job)
        let html = dir.file("report.html")
        let report = try CamschedBinary.run(["report", id, "--root", dir.file("out").path, "-o", html.path])
        #expect(report.status == 0, "\(report.stderr)")
        let shot = dir.file("shot.png")
        // No network at all: the page must need none.
        let browser = try ProcessRunner.run(Self.chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            // Tall enough for the charts above the sheet.
            "--user-data-dir=\(dir.file("profile").path)", "--proxy-server=127.0.0.1:9", "--window-size=1000,1800",
            "--screenshot=\(shot.path)", "file://\(html.path)",
        ], timeout: 120)
        #expect(browser.status == 0, "\(browser.stderr.suffix(500))")
        let probe = try MediaProbe.probe(shot)
        #expect(probe.codec == "png" && probe.width == 1000 && probe.height == 1800)
        // The screenshot as grey levels: the sheet's dark background and the test pattern's bars.
        let raw = dir.file("shot.gray")
        let convert = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", shot.path, "-f", "rawvideo",
                                                               "-pix_fmt", "gray", raw.path], timeout: 60)
        #expect(convert.status == 0, "\(convert.stderr)")
        let grey = try Data(contentsOf: raw)
        #expect(grey.count == 1000 * 1800)
        let dark = grey.filter { $0 < 48 }.count
        #expect(Double(dark) / Double(grey.count) > 0.05, "the contact sheet's dark background is drawn: \(dark) dark pixels")
        #expect(Set(grey).count >= 32, "pictures, not a flat page: \(Set(grey).count) grey levels")
    }

    /// The light charts (exposure time, gain, brightness beside the sun's elevation) as a person
    /// sees them: 12 stills of a run whose sidecars are rewritten as a dusk ten minutes apart
    /// (the sun from +6° to −10°, exposure from 1 ms to 1/4 s, then gain to 6×), screenshot in
    /// `.build/test-output/report-light-charts.png`.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: chromium), "needs Debian's chromium (make deps-test)"))
    func headlessChromiumDrawsTheLightChartsBesideTheSun() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("dusk.json", JobFixtures.interval(name: "dusk", every: "100ms", count: 12))
        _ = try ReportCommandTests.run(job)
        for name in ["catalog.sqlite", "catalog.sqlite-wal", "catalog.sqlite-shm"] { try? FileManager.default.removeItem(at: dir.file("out/\(name)")) }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let rfc3339 = ISO8601DateFormatter()
        rfc3339.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for (index, still) in JobFixtures.filed(dir, ext: "jpg").enumerated() {
            let url = URL(fileURLWithPath: still.path + ".json")
            var sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
            let at = rfc3339.string(from: start.addingTimeInterval(Double(index) * 600))
            (sidecar["startedAt"], sidecar["endedAt"], sidecar["scheduledAt"]) = (at, at, at)
            let t = Double(index) / 11
            sidecar["light"] = ["brightness": t < 0.8 ? 0.45 + 0.03 * sin(Double(index)) : 0.45 - (t - 0.8), "sunElevation": 6 - 16 * t,
                                "exposureTime": min(0.25, 0.001 * pow(250, t / 0.6)), "gain": t < 0.6 ? 1 : min(6, 1 + (t - 0.6) * 14)]
            try JSONSerialization.data(withJSONObject: sidecar, options: [.sortedKeys]).write(to: url)
        }
        let html = dir.file("dusk.html")
        let report = try CamschedBinary.run(["report", dir.file("out").path, "-o", html.path])
        #expect(report.status == 0, "\(report.stderr)")
        let page = try ReportHTML.parse(html)
        for title in ["Exposure time (log scale)", "Gain (× the sensor's base)", "Measured brightness (mean luma: 0 black, 1 white)"] {
            #expect(page.chartTitles.contains(title), "\(page.chartTitles)")
        }
        let shot = dir.file("light.png")
        let browser = try ProcessRunner.run(Self.chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(dir.file("profile").path)", "--proxy-server=127.0.0.1:9", "--window-size=900,3300",
            "--screenshot=\(shot.path)", "file://\(html.path)",
        ], timeout: 120)
        #expect(browser.status == 0, "\(browser.stderr.suffix(500))")
        let kept = try TestOutput.keep(shot, as: "report-light-charts.png")
        // Decoded as RGB: the sun's orange line and the night's shading are on the page.
        let raw = dir.file("light.rgb")
        let convert = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", shot.path, "-f", "rawvideo",
                                                               "-pix_fmt", "rgb24", raw.path], timeout: 60)
        #expect(convert.status == 0, "\(convert.stderr)")
        let rgb = [UInt8](try Data(contentsOf: raw))
        func count(_ colour: (Int, Int, Int)) -> Int {
            stride(from: 0, to: rgb.count - 2, by: 3).filter {
                abs(Int(rgb[$0]) - colour.0) + abs(Int(rgb[$0 + 1]) - colour.1) + abs(Int(rgb[$0 + 2]) - colour.2) < 24
            }.count
        }
        #expect(count((214, 137, 16)) > 1000, "the sun's line and axis in \(kept.path)")
        #expect(count((227, 232, 242)) > 50_000, "the night shading of three charts in \(kept.path)")
    }
}
