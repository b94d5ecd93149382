/// The few distinct lines of one ``SyntheticPattern`` picture (code rows, bars, bars with the
/// box), built once per frame and copied line by line.
struct PatternRows {
    struct Row {
        var luma: [UInt8]
        var cb: [UInt8]
        var cr: [UInt8]
    }

    /// BT.601 video-range Y, Cb, Cr of white, yellow, cyan, green, magenta, red, blue, black.
    static let bars: [(UInt8, UInt8, UInt8)] = [
        (235, 128, 128), (210, 16, 146), (170, 166, 16), (145, 54, 34),
        (106, 202, 222), (81, 90, 240), (41, 240, 110), (16, 128, 128),
    ]

    let codeHeight: Int
    let boxTop: Int
    let boxBottom: Int
    let codeRows: [Row]
    let barRow: Row
    let boxRow: Row

    init(width: Int, height: Int, block: (width: Int, height: Int), frameNumber: UInt32, milliseconds: UInt32) {
        codeHeight = block.height * 2
        codeRows = [frameNumber, milliseconds].map { value in
            let bits = UInt64(value) << 8 | UInt64(SyntheticPattern.crc8(value))
            var luma = [UInt8](repeating: SyntheticPattern.black, count: width)
            for bit in 0..<SyntheticPattern.blocksPerRow where bits >> UInt64(SyntheticPattern.blocksPerRow - 1 - bit) & 1 == 1 {
                for x in (bit * block.width)..<((bit + 1) * block.width) { luma[x] = SyntheticPattern.white }
            }
            return Row(luma: luma, cb: [UInt8](repeating: 128, count: width / 2), cr: [UInt8](repeating: 128, count: width / 2))
        }
        var bar = Row(luma: [], cb: [], cr: [])
        for x in 0..<width {
            let colour = Self.bars[min(Self.bars.count - 1, x * Self.bars.count / width)]
            bar.luma.append(colour.0)
            if x % 2 == 0 { bar.cb.append(colour.1); bar.cr.append(colour.2) }
        }
        barRow = bar
        // A box a sixth of the picture high bounces left and right with the frame number.
        let side = max(8, (height - codeHeight) / 6) & ~1
        let travel = max(1, width - side)
        let step = max(2, width / 120)
        let position = Int(UInt64(frameNumber) * UInt64(step) % UInt64(2 * travel))
        let left = (position < travel ? position : 2 * travel - position) & ~1
        boxTop = (codeHeight + (height - codeHeight - side) / 2) & ~1
        boxBottom = boxTop + side
        var box = bar
        for x in left..<min(width, left + side) {
            box.luma[x] = 128
            if x % 2 == 0 { box.cb[x / 2] = 64; box.cr[x / 2] = 200 }
        }
        boxRow = box
    }

    func row(_ y: Int) -> Row {
        if y < codeHeight { return codeRows[y < codeHeight / 2 ? 0 : 1] }
        if y >= boxTop && y < boxBottom { return boxRow }
        return barRow
    }
}
