/// A small picture as packed 8-bit RGB, rows top to bottom without padding: the pixels of a
/// contact sheet, composed in Swift and encoded once (see ``RGBPicture/encoded(as:quality:)``).
public struct RGBPicture: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 3` bytes: R, G, B per pixel, row by row.
    public var pixels: [UInt8]

    /// A picture of one colour.
    public init(width: Int, height: Int, red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        var row: [UInt8] = []
        row.reserveCapacity(self.width * 3)
        for _ in 0..<self.width { row += [red, green, blue] }
        pixels = Array([[UInt8]](repeating: row, count: self.height).joined())
    }

    /// A picture from packed RGB bytes.
    /// - Precondition: `pixels.count == width * height * 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "RGBPicture needs width × height × 3 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at (`x`, `y`).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let at = (y * width + x) * 3
        return (pixels[at], pixels[at + 1], pixels[at + 2])
    }

    /// Copies `picture` into this one with its top-left corner at (`x`, `y`); what falls
    /// outside is clipped.
    public mutating func draw(_ picture: RGBPicture, x: Int, y: Int) {
        let left = max(0, x), right = min(width, x + picture.width)
        guard left < right else { return }
        for row in max(0, y)..<min(height, y + picture.height) {
            let source = ((row - y) * picture.width + (left - x)) * 3
            let target = (row * width + left) * 3
            let count = (right - left) * 3
            pixels.replaceSubrange(target..<(target + count), with: picture.pixels[source..<(source + count)])
        }
    }
}
