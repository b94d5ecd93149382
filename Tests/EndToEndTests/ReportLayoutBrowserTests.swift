import CamschedTestSupport
import Foundation
import Testing

/// Issue 43: in the report as a browser lays it out, the charts come before the contact sheet,
/// and a run of stills only has no pressure chart.
@Suite struct ReportLayoutBrowserTests {
    @Test(.enabled(if: HeadlessChromium.path != nil, "needs Debian's chromium (make deps-test)"))
    func theChartsComeBeforeTheStillsAndStillsAloneHaveNoPressureChart() throws {
        let dir = try TemporaryDirectory()
        let job = try dir.write("tl.json", JobFixtures.interval(every: "200ms", count: 4))
        let id = try ReportCommandTests.run(job)
        let html = dir.file("report.html")
        let report = try CamschedBinary.run(["report", id, "--root", dir.file("out").path, "-o", html.path])
        #expect(report.status == 0, "\(report.stderr)")
        let dom = try HeadlessChromium.dumpDOM("file://\(html.path)", in: dir)
        let charts = try #require(dom.range(of: "id=\"charts\""), "\(dom.prefix(500))")
        let sheet = try #require(dom.range(of: "id=\"contact-sheet\""), "\(dom.prefix(500))")
        #expect(charts.lowerBound < sheet.lowerBound, "the charts come first")
        #expect(dom.contains("Lateness of 4 still(s)"))
        #expect(!dom.contains("Pressure level"), "no pressure chart for stills alone")
    }
}
