import CamschedCore
import CamschedMedia
import Foundation

/// Makes the two outputs of `camsched report`: the HTML page and the PNG contact sheet.
package enum ReportBuilder {
    /// The JPEG quality of the page's thumbnails.
    package static let thumbnailQuality = 80

    /// The self-contained HTML report of `report`, and what could not be read (also listed
    /// in the page's notes).
    package static func html(_ report: RunReport, generator: String, now: Date = Date()) -> (page: String, problems: [String]) {
        let (shown, available) = ContactSheetPlan.tiles(report)
        let layout = ContactSheetLayout(count: shown.count, pictureWidth: report.format?.width, pictureHeight: report.format?.height)
        let thumbnails = ContactSheetRenderer.render(shown, layout: layout).map { rendered in
            var thumbnail = ReportPage.Thumbnail(tile: rendered.tile, jpeg: nil, width: layout.tileWidth, height: layout.tileHeight,
                                                 problem: rendered.problem)
            guard let picture = rendered.picture else { return thumbnail }
            do {
                thumbnail.jpeg = try picture.encoded(as: .jpeg, quality: thumbnailQuality)
                thumbnail.width = picture.width
                thumbnail.height = picture.height
            } catch {
                thumbnail.problem = "\(rendered.tile.file): the thumbnail did not encode (\(error))"
            }
            return thumbnail
        }
        let page = ReportPage(report: report, thumbnails: thumbnails, tilesAvailable: available, charts: ReportCharts.all(report),
                              generatedAt: now, generator: generator)
        return (page.html(), report.notes + thumbnails.compactMap(\.problem))
    }

    /// The contact sheet alone as a PNG (at most ``ContactSheetPlan/maxTiles`` tiles of at
    /// most ``ContactSheetLayout/maxTileSide`` pixels), and what could not be read.
    /// - Throws: ``ReportError/noPictures(runID:)`` when the run has no still or video;
    ///   `MediaError`/`AVError` when the PNG encoder fails.
    package static func contactSheetPNG(_ report: RunReport) throws -> (png: Data, layout: ContactSheetLayout, problems: [String]) {
        let tiles = ContactSheetPlan.tiles(report).tiles
        guard !tiles.isEmpty else { throw ReportError.noPictures(runID: report.runID) }
        let layout = ContactSheetLayout(count: tiles.count, pictureWidth: report.format?.width, pictureHeight: report.format?.height)
        let rendered = ContactSheetRenderer.render(tiles, layout: layout)
        let sheet = layout.compose(rendered.map(\.picture))
        return (try sheet.encoded(as: .png, quality: 100), layout, report.notes + rendered.compactMap(\.problem))
    }
}
