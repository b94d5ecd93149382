import CamschedMedia

/// The geometry of a contact sheet: tiles of one box size on a grid with a gap around each.
package struct ContactSheetLayout: Sendable, Equatable {
    /// The widest and tallest a tile is (pictures are scaled down to fit, never up).
    package static let maxTileSide = 320
    /// Tiles per row at most.
    package static let maxColumns = 5
    /// Pixels between tiles and around the sheet.
    package static let gap = 8

    /// The box each tile is centred in.
    package let tileWidth: Int
    package let tileHeight: Int
    /// How many tiles.
    package let count: Int

    /// The layout of `count` tiles of pictures `width`×`height` (the capture format; 4:3 when unknown).
    package init(count: Int, pictureWidth width: Int?, pictureHeight height: Int?) {
        let size = RGBPicture.fittedSize(width: width ?? 640, height: height ?? 480,
                                         maxWidth: Self.maxTileSide, maxHeight: Self.maxTileSide)
        tileWidth = size.width
        tileHeight = size.height
        self.count = max(0, count)
    }

    package var columns: Int { max(1, min(count, Self.maxColumns)) }
    package var rows: Int { max(1, (count + columns - 1) / columns) }
    /// The sheet's size: columns × tile + (columns + 1) × gap, likewise for rows.
    package var width: Int { columns * tileWidth + (columns + 1) * Self.gap }
    package var height: Int { rows * tileHeight + (rows + 1) * Self.gap }

    /// The top-left corner of tile `index`'s box.
    package func origin(of index: Int) -> (x: Int, y: Int) {
        (Self.gap + (index % columns) * (tileWidth + Self.gap), Self.gap + (index / columns) * (tileHeight + Self.gap))
    }

    /// The sheet: each picture centred in its box on a dark background (a tile that could not
    /// be decoded stays a mid-grey box).
    package func compose(_ pictures: [RGBPicture?]) -> RGBPicture {
        var sheet = RGBPicture(width: width, height: height, red: 32, green: 32, blue: 32)
        for (index, picture) in pictures.prefix(count).enumerated() {
            let corner = origin(of: index)
            guard let picture else {
                sheet.draw(RGBPicture(width: tileWidth, height: tileHeight, red: 96, green: 96, blue: 96), x: corner.x, y: corner.y)
                continue
            }
            sheet.draw(picture, x: corner.x + (tileWidth - picture.width) / 2, y: corner.y + (tileHeight - picture.height) / 2)
        }
        return sheet
    }
}
