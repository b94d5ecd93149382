import CamschedCore
import CamschedFiling
import Foundation

extension ReportPage {
    /// The contact sheet: one `figure.tile` per picture, its JPEG inline as a `data:` URI.
    func contactSheet() -> String {
        var section = "<section id=\"contact-sheet\"><h2>Contact sheet</h2>\n"
        if thumbnails.isEmpty { return section + "<p>No pictures: the run filed no stills or videos.</p></section>\n" }
        if tilesAvailable > thumbnails.count {
            section += "<p>\(thumbnails.count) of \(tilesAvailable) pictures, spread evenly over the run.</p>\n"
        }
        section += "<div class=\"sheet\">\n"
        for thumbnail in thumbnails {
            let caption = HTMLText.escape("\(thumbnail.tile.file) · \(Self.time(thumbnail.tile.time))")
            if let jpeg = thumbnail.jpeg {
                section += "<figure class=\"tile\"><img src=\"data:image/jpeg;base64,\(jpeg.base64EncodedString())\" "
                    + "width=\"\(thumbnail.width)\" height=\"\(thumbnail.height)\" alt=\"\(HTMLText.escape(thumbnail.tile.file))\">"
                    + "<figcaption>\(caption)</figcaption></figure>\n"
            } else {
                section += "<figure class=\"tile\"><div class=\"missing\" style=\"width:\(thumbnail.width)px;height:\(thumbnail.height)px\">"
                    + "not readable</div><figcaption>\(caption)</figcaption></figure>\n"
            }
        }
        return section + "</div></section>\n"
    }

    /// The table of files: one row per file with its size, duration, hash and interruptions.
    func table() -> String {
        var section = "<section id=\"files\"><h2>Files</h2><table><thead><tr><th>file</th><th>kind</th><th>started</th>"
            + "<th>bytes</th><th>duration s</th><th>frames</th><th>dropped</th><th>fps requested/actual</th>"
            + "<th>late ms</th><th>sha256</th><th>interruptions</th></tr></thead><tbody>\n"
        for file in report.files {
            let s = file.sidecar
            let isVideo = s.kind == .segment || s.kind == .timelapse
            var cells = [Self.cell(s.file), Self.cell(s.kind.rawValue), Self.cell(Self.time(s.startedAt))]
            cells.append(Self.cell(String(s.bytes), numeric: true))
            cells.append(Self.cell(isVideo ? HTMLText.number(s.endedAt.timeIntervalSince(s.startedAt), digits: 3) : "", numeric: true))
            cells.append(Self.cell(s.frames.map(String.init) ?? "", numeric: true))
            cells.append(Self.cell(s.droppedFrames.map(String.init) ?? "", numeric: true))
            cells.append(Self.cell(s.fps.map { "\(HTMLText.number($0.requested))/\(HTMLText.number($0.actual))" } ?? ""))
            let late = s.scheduledAt.map { HTMLText.number(s.startedAt.timeIntervalSince($0) * 1000, digits: 1) } ?? ""
            cells.append(Self.cell(late, numeric: true))
            cells.append("<td><code>\(HTMLText.escape(s.sha256))</code></td>")
            cells.append(Self.cell(s.interruptions.map(Self.interruption).joined(separator: "; ")))
            section += "<tr>" + cells.joined() + "</tr>\n"
        }
        return section + "</tbody></table></section>\n"
    }

    static func cell(_ text: String, numeric: Bool = false) -> String {
        "<td\(numeric ? " class=\"n\"" : "")>\(HTMLText.escape(text))</td>"
    }

    static func interruption(_ gap: SidecarInterruption) -> String {
        "\(gap.reason) at \(time(gap.at))" + (gap.resumedAt.map { ", resumed \(time($0))" } ?? ", not resumed in this file")
    }
}
