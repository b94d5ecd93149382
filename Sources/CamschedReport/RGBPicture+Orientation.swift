import CamschedMedia

extension RGBPicture {
    /// The picture as a viewer shows it for EXIF Orientation `tag` (1 as stored, 2 mirrored,
    /// 3 turned 180°, 4 flipped, 5 transposed, 6 turned 90° clockwise, 7 transversed, 8 turned
    /// 90° anticlockwise); unknown tags leave it as it is.
    package func oriented(exif tag: UInt16) -> RGBPicture {
        guard (2...8).contains(tag) else { return self }
        let swaps = tag >= 5
        let outWidth = swaps ? height : width, outHeight = swaps ? width : height
        var out = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let (sx, sy): (Int, Int) = switch tag {
                case 2: (width - 1 - x, y)
                case 3: (width - 1 - x, height - 1 - y)
                case 4: (x, height - 1 - y)
                case 5: (y, x)
                case 6: (y, height - 1 - x)
                case 7: (width - 1 - y, height - 1 - x)
                default: (width - 1 - y, x)
                }
                let from = (sy * width + sx) * 3, to = (y * outWidth + x) * 3
                out[to] = pixels[from]
                out[to + 1] = pixels[from + 1]
                out[to + 2] = pixels[from + 2]
            }
        }
        return RGBPicture(width: outWidth, height: outHeight, pixels: out)
    }
}
