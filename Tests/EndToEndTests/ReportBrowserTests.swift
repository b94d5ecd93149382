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
            "--user-data-dir=\(dir.file("profile").path)", "--proxy-server=127.0.0.1:9", "--window-size=1000,900",
            "--screenshot=\(shot.path)", "file://\(html.path)",
        ], timeout: 120)
        #expect(browser.status == 0, "\(browser.stderr.suffix(500))")
        let probe = try MediaProbe.probe(shot)
        #expect(probe.codec == "png" && probe.width == 1000 && probe.height == 900)
        // The screenshot as grey levels: the sheet's dark background and the test pattern's bars.
        let raw = dir.file("shot.gray")
        let convert = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", shot.path, "-f", "rawvideo",
                                                               "-pix_fmt", "gray", raw.path], timeout: 60)
        #expect(convert.status == 0, "\(convert.stderr)")
        let grey = try Data(contentsOf: raw)
        #expect(grey.count == 1000 * 900)
        let dark = grey.filter { $0 < 48 }.count
        #expect(Double(dark) / Double(grey.count) > 0.05, "the contact sheet's dark background is drawn: \(dark) dark pixels")
        #expect(Set(grey).count >= 32, "pictures, not a flat page: \(Set(grey).count) grey levels")
    }
}
