import CamschedCore
import CamschedFiling
import Foundation

/// The report as one HTML file: header, charts, contact sheet and the table of files. It
/// references nothing outside itself (pictures are `data:` URIs, charts inline SVG, no script
/// or font), and its Content-Security-Policy forbids loading anything else, so even a string
/// that slipped past escaping could run no script and fetch nothing.
package struct ReportPage {
    /// A contact-sheet tile as the page shows it: its JPEG (or why it has none).
    package struct Thumbnail: Sendable {
        package var tile: ContactSheetTile
        package var jpeg: Data?
        package var width: Int
        package var height: Int
        package var problem: String?
    }

    package var report: RunReport
    package var thumbnails: [Thumbnail]
    /// How many tiles there were before sampling (more than shown when the run is long).
    package var tilesAvailable: Int
    package var charts: [String]
    /// When the report was made, and by which camsched.
    package var generatedAt: Date
    package var generator: String

    package init(report: RunReport, thumbnails: [Thumbnail], tilesAvailable: Int, charts: [String], generatedAt: Date,
                generator: String) {
        self.report = report
        self.thumbnails = thumbnails
        self.tilesAvailable = tilesAvailable
        self.charts = charts
        self.generatedAt = generatedAt
        self.generator = generator
    }

    /// The whole document.
    package func html() -> String {
        let title = HTMLText.escape("camsched report: \(report.job) · \(report.runID)")
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>\(Self.style)</style></head>
            <body>

            """
        page += header()
        page += notes()
        // The charts first: they tell the run's story at a glance, the stills are the detail.
        page += "<section id=\"charts\"><h2>Charts</h2>\n" + charts.joined() + "</section>\n"
        page += contactSheet()
        page += table()
        page += "<footer>Made \(Self.time(generatedAt)) by \(HTMLText.escape(generator)) from the \(HTMLText.escape(report.source)).</footer>\n"
        return page + "</body></html>\n"
    }

    func header() -> String {
        let r = report
        var rows: [(String, String)] = [("Run", r.runID), ("Status", r.status.map { s in r.exitCode.map { "\(s) (exit \($0))" } ?? s } ?? "unknown (read from sidecars)")]
        rows.append(("Started", r.startedAt.map(Self.time) ?? "–"))
        rows.append(("Ended", r.endedAt.map(Self.time) ?? "–"))
        if let start = r.startedAt, let end = r.endedAt { rows.append(("Duration", "\(HTMLText.number(end.timeIntervalSince(start), digits: 1)) s")) }
        if let host = r.host, !host.isEmpty { rows.append(("Host", host)) }
        if let device = r.device { rows.append(("Device", "\(device.card) (\(device.path), \(device.driver))")) }
        if let format = r.format { rows.append(("Format", "\(format.pixelFormat) \(format.width)×\(format.height)")) }
        let frames = Self.sum(r.videos.compactMap(\.sidecar.frames))
        let dropped = Self.sum(r.files.compactMap(\.sidecar.droppedFrames))
        let bytes = Self.sum(r.files.map(\.sidecar.bytes))
        rows.append(("Files", "\(r.files.count): \(r.stills.count) still(s), \(r.videos.count) recorded, \(r.timelapses.count) time-lapse(s), "
            + ByteCountText.format(bytes)))
        if !r.videos.isEmpty { rows.append(("Frames", "\(frames) recorded, \(dropped) dropped")) }
        let interruptions = Set(r.files.flatMap(\.sidecar.interruptions)).count
        rows.append(("Interruptions", String(interruptions)))
        let list = rows.map { "<dt>\(HTMLText.escape($0.0))</dt><dd>\(HTMLText.escape($0.1))</dd>" }.joined()
        return "<header><h1>\(HTMLText.escape(r.job))</h1><dl id=\"summary\">\(list)</dl></header>\n"
    }

    func notes() -> String {
        let problems = report.notes + thumbnails.compactMap(\.problem)
        guard !problems.isEmpty else { return "" }
        let items = problems.map { "<li>\(HTMLText.escape($0))</li>" }.joined()
        return "<section id=\"notes\"><h2>Notes</h2><p>Skipped while reading:</p><ul>\(items)</ul></section>\n"
    }

    /// A sum that stops at the largest value instead of trapping (sidecars can be edited).
    static func sum<T: FixedWidthInteger>(_ values: [T]) -> T {
        values.reduce(0) { total, value in
            let (result, overflow) = total.addingReportingOverflow(value)
            return overflow ? (value > 0 ? .max : .min) : result
        }
    }

    /// RFC 3339 UTC with milliseconds, as in the sidecars.
    static func time(_ date: Date) -> String { RFC3339Timestamp.string(from: date) }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:1em auto;max-width:1100px;padding:0 1em;color:#222;background:#fff}\
        h1{margin:.2em 0}dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em 1em}dt{font-weight:600}dd{margin:0}\
        .sheet{display:flex;flex-wrap:wrap;gap:8px;background:#202020;padding:8px}\
        .tile{margin:0;color:#ddd;font-size:11px;max-width:320px}.tile img{display:block;max-width:100%;height:auto}\
        .tile .missing{background:#606060;color:#fff;display:flex;align-items:center;justify-content:center}\
        .chart{margin:.5em 0}.chart svg{width:100%;max-width:760px;height:auto;font-size:10px}.chart .title{font-size:13px;font-weight:600}\
        table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}\
        td.n{text-align:right}code{font-size:11px;word-break:break-all}#notes{color:#8a3b12}footer{margin-top:2em;color:#777;font-size:12px}
        """
}
