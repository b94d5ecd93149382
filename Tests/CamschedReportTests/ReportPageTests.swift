import CamschedCore
import CamschedFiling
import Foundation
@testable import CamschedReport
import Testing

@Suite struct ReportPageTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func still(job: String, file: String, seq: Int, lateMilliseconds: Double) -> RunReport.File {
        var sidecar = Sidecar(job: job, run: "r1", kind: .still, file: file, bytes: 1000 + Int64(seq), sha256: String(repeating: "ab", count: 32),
                              startedAt: start.addingTimeInterval(Double(seq) + lateMilliseconds / 1000),
                              endedAt: start.addingTimeInterval(Double(seq) + lateMilliseconds / 1000), host: "h", camschedVersion: "t")
        sidecar.seq = seq
        sidecar.scheduledAt = start.addingTimeInterval(Double(seq))
        return RunReport.File(sidecar: sidecar, url: URL(fileURLWithPath: "/nonexistent/\(file)"))
    }

    @Test func stringsFromDiskCannotInjectMarkup() {
        let hostile = "<script>alert(1)</script>"
        let file = "x\"><img src=x onerror=alert(1)>.jpg"
        let report = RunReport(job: hostile, runID: "r1<b>", source: "sidecars in /tmp/<i>", files: [
            Self.still(job: hostile, file: file, seq: 0, lateMilliseconds: 3),
        ], notes: ["<svg onload=alert(1)>"])
        let (html, problems) = ReportBuilder.html(report, generator: "camsched test", now: Self.start)
        #expect(problems.count == 2, "the note and the missing file: \(problems)")
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<svg onload"))
        #expect(!html.contains("<b>") && !html.contains("<i>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;.jpg"))
        #expect(html.contains("default-src 'none'"))
        // The missing file is a note and a grey tile, not a failure.
        #expect(html.contains("the file is missing"))
        #expect(html.contains("class=\"missing\""))
    }

    @Test func theLatenessChartCountsEveryStill() {
        let files = [3.0, 3, 4, 7].enumerated().map { Self.still(job: "tl", file: "tl/\($0.offset).jpg", seq: $0.offset, lateMilliseconds: $0.element) }
        let report = RunReport(job: "tl", runID: "r1", source: "test", files: files)
        let lateness = ReportCharts.latenessMilliseconds(report)
        #expect(lateness.count == 4)
        #expect(Histogram(values: lateness).counts.reduce(0, +) == 4)
        let chart = ReportCharts.lateness(report)
        #expect(chart?.contains("Lateness of 4 still(s)") == true)
        #expect(ReportCharts.fps(report) == nil, "no video, no fps chart")
        #expect(ReportCharts.pressure(report) == nil, "stills only: pressure throttles no video")
        #expect(ReportCharts.all(report).count == 1)
    }

    @Test func pressureChangesAreTheUnionOfTheSidecarsLists() {
        var first = Self.still(job: "tl", file: "a.jpg", seq: 0, lateMilliseconds: 0)
        var second = Self.still(job: "tl", file: "b.jpg", seq: 1, lateMilliseconds: 0)
        let fair = SidecarPressureChange(at: Self.start.addingTimeInterval(0.5), level: "fair", fps: 15)
        let nominal = SidecarPressureChange(at: Self.start.addingTimeInterval(1.5), level: "nominal", fps: 30)
        first.sidecar.pressure = [fair]
        second.sidecar.pressure = [fair, nominal]
        let report = RunReport(job: "tl", runID: "r1", source: "test", files: [second, first])
        #expect(ReportCharts.pressureChanges(report) == [fair, nominal])
        #expect(report.files.map(\.sidecar.file) == ["a.jpg", "b.jpg"], "files in capture order")
    }
}

extension ReportPageTests {
    /// Sidecars are files anyone may edit: absurd values make a report, not a crash or a
    /// list of millions of frames.
    @Test(.timeLimit(.minutes(1)))
    func absurdSidecarValuesStillMakeAReport() throws {
        let ancient = try #require(RFC3339Timestamp.date(from: "0001-01-01T00:00:00.000Z"))
        let future = try #require(RFC3339Timestamp.date(from: "9999-12-31T23:59:59.999Z"))
        var video = Sidecar(job: "j", run: "r", kind: .segment, file: "v.mp4", bytes: .max, sha256: "", startedAt: ancient,
                            endedAt: future, fps: .init(requested: 1e308, actual: -1e308), frames: .max, droppedFrames: .max,
                            pressure: [.init(at: future, level: "<meltdown>", fps: .greatestFiniteMagnitude)],
                            host: "h", camschedVersion: "t")
        video.segment = .min
        var still = Self.still(job: "j", file: "s.jpg", seq: 0, lateMilliseconds: 0)
        still.sidecar.scheduledAt = future
        let report = RunReport(job: "j", runID: "r", source: "test", files: [
            RunReport.File(sidecar: video, url: URL(fileURLWithPath: "/nonexistent/v.mp4")), still,
        ])
        let (html, problems) = ReportBuilder.html(report, generator: "t", now: Self.start)
        #expect(html.contains("&lt;meltdown&gt;") == false, "an unknown level is drawn as nominal, its name not echoed")
        #expect(problems.count <= ContactSheetPlan.maxTiles + 1)
        #expect(html.components(separatedBy: "<figure class=\"tile\">").count - 1 <= ContactSheetPlan.maxTiles)
        #expect(ReportCharts.all(report).count == 4)
    }
}
