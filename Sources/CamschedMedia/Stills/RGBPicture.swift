/// A small picture as packed 8-bit RGB, rows top to bottom without padding: the pixels of a
/// contact sheet, composed in Swift and encoded once (see ``RGBPicture/encoded(as:quality:)``).
package struct RGBPicture: Sendable, Equatable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// `width × height × 3` bytes: R, G, B per pixel, row by row.
    package var pixels: [UInt8]

    /// A picture of one colour.
    package init(width: Int, height: Int, red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = self.width * self.height * 3
        guard red != green || green != blue else {
            pixels = [UInt8](repeating: red, count: count)
            return
        }
        pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for pixel in stride(from: 0, to: count, by: 3) {
                buffer[pixel] = red
                buffer[pixel + 1] = green
                buffer[pixel + 2] = blue
            }
            initialized = count
        }
    }

    /// A picture from packed RGB bytes.
    /// - Precondition: `pixels.count == width * height * 3`.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "RGBPicture needs width × height × 3 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at (`x`, `y`).
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let at = (y * width + x) * 3
        return (pixels[at], pixels[at + 1], pixels[at + 2])
    }

    /// Copies `picture` into this one with its top-left corner at (`x`, `y`); what falls
    /// outside is clipped.
    package mutating func draw(_ picture: RGBPicture, x: Int, y: Int) {
        let left = max(0, x), right = min(width, x + picture.width)
        let top = max(0, y), bottom = min(height, y + picture.height)
        guard left < right, top < bottom else { return }
        let count = (right - left) * 3
        // Row by row with memory copies: a sheet is tens of megabytes, moved byte by byte in a
        // debug build it took seconds.
        pixels.withUnsafeMutableBufferPointer { target in
            picture.pixels.withUnsafeBufferPointer { source in
                guard let into = target.baseAddress, let from = source.baseAddress else { return }
                for row in top..<bottom {
                    (into + (row * width + left) * 3).update(from: from + ((row - y) * picture.width + (left - x)) * 3, count: count)
                }
            }
        }
    }
}
