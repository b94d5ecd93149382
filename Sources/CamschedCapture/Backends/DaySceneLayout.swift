import CamschedMedia

/// What the `test:` camera's day scene shows, independent of the light: a sky, a horizon, a
/// textured field and a house, as a reflectance (0…1) per pixel and a colour tint per region.
/// Static, so a change of brightness is the light's or the exposure's and never the picture's.
///
/// The top two block rows carry the frame number and timestamp (``SyntheticPattern``); the
/// scene fills everything below them (`top`).
struct DaySceneLayout: Sendable {
    let width: Int
    let height: Int
    /// First row of the scene (below the code rows).
    let top: Int
    /// Reflectance per pixel, row by row, for rows `top..<height` (row `top` first).
    let reflectance: [Float]
    /// The mean reflectance of the scene (rows `top..<height`).
    let meanReflectance: Double
    /// Per chroma sample (pixel 2x, 2y) of rows `top / 2 ..< height / 2`, `width / 2` a row: the
    /// reflectance there and the region's tint (chroma offsets per luma step).
    let chromaReflectance: [Float]
    let chromaTint: [(u: Float, v: Float)]

    enum Region { case sky, field, wall, window }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let block = SyntheticPattern.blockSize(width: width, height: height)?.height ?? 16
        top = min(height, 2 * block)
        var values = [Float](repeating: 0, count: width * (height - top))
        var sum = 0.0
        for y in top..<height {
            for x in 0..<width {
                let region = Self.region(x: x, y: y - top, width: width, height: height - top)
                let value = Self.reflectance(of: region, x: x, y: y - top, height: height - top)
                values[(y - top) * width + x] = value
                sum += Double(value)
            }
        }
        reflectance = values
        meanReflectance = values.isEmpty ? 0 : sum / Double(values.count)
        var (samples, tints) = ([Float](), [(u: Float, v: Float)]())
        for row in (top / 2)..<(height / 2) {
            for column in 0..<(width / 2) {
                let (x, y) = (column * 2, row * 2)
                samples.append(values[(y - top) * width + x])
                tints.append(Self.tint(of: Self.region(x: x, y: y - top, width: width, height: height - top)))
            }
        }
        (chromaReflectance, chromaTint) = (samples, tints)
    }

    /// Which part of the scene a pixel (x, y below `top`) shows in a scene `width` × `height`.
    static func region(x: Int, y: Int, width: Int, height: Int) -> Region {
        let horizon = height * 45 / 100
        let (left, right) = (width * 60 / 100, width * 80 / 100)
        let (roof, base) = (horizon - height / 5, horizon + height / 4)
        if x >= left, x < right, y >= roof, y < base {
            // Two rows of two windows in the wall.
            let column = (x - left) * 5 / max(1, right - left), row = (y - roof) * 5 / max(1, base - roof)
            return (column == 1 || column == 3) && (row == 1 || row == 3) ? .window : .wall
        }
        return y < horizon ? .sky : .field
    }

    /// Reflectance: a sky from 0.9 at the top to 0.65 at the horizon, a field of 0.24/0.36 furrows,
    /// a 0.75 wall with 0.08 windows.
    static func reflectance(of region: Region, x: Int, y: Int, height: Int) -> Float {
        switch region {
        case .sky: return 0.9 - 0.25 * Float(y) / Float(max(1, height * 45 / 100))
        case .field: return ((x / 16 + y / 8) % 2 == 0) ? 0.24 : 0.36
        case .wall: return 0.75
        case .window: return 0.08
        }
    }

    /// Chroma offsets (U, V) per unit of luma: a blue sky, an olive field, a neutral house.
    static func tint(of region: Region) -> (u: Float, v: Float) {
        switch region {
        case .sky: (0.10, -0.05)
        case .field: (-0.06, 0.02)
        case .wall, .window: (0, 0)
        }
    }
}
