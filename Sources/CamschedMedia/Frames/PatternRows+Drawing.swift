/// Copying the pattern's lines into a picture of each raw layout the pattern draws.
extension PatternRows {
    /// Packed 4:2:2: Y0 Cb Y1 Cr per pair of pixels.
    func drawYUYV(into bytes: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerLine: Int) {
        for y in 0..<height {
            let row = row(y)
            let line = bytes + y * bytesPerLine
            row.luma.withUnsafeBufferPointer { luma in
                row.cb.withUnsafeBufferPointer { cb in
                    row.cr.withUnsafeBufferPointer { cr in
                        for pair in 0..<(width / 2) {
                            line[pair * 4] = luma[pair * 2]
                            line[pair * 4 + 1] = cb[pair]
                            line[pair * 4 + 2] = luma[pair * 2 + 1]
                            line[pair * 4 + 3] = cr[pair]
                        }
                    }
                }
            }
        }
    }

    /// 4:2:0 with one interleaved Cb/Cr plane after the luma plane, same stride.
    func drawNV12(into bytes: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerLine: Int) {
        let chroma = bytes + bytesPerLine * height
        for y in 0..<height {
            let row = row(y)
            copy(row.luma, to: bytes + y * bytesPerLine, count: width)
            if y % 2 == 0 {
                let line = chroma + (y / 2) * bytesPerLine
                for pair in 0..<(width / 2) {
                    line[pair * 2] = row.cb[pair]
                    line[pair * 2 + 1] = row.cr[pair]
                }
            }
        }
    }

    /// Planar 4:2:0: the Cb and Cr planes after the luma plane, at half its stride.
    func drawYU12(into bytes: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerLine: Int) {
        let chromaStride = bytesPerLine / 2
        let cbPlane = bytes + bytesPerLine * height
        let crPlane = cbPlane + chromaStride * (height / 2)
        for y in 0..<height {
            let row = row(y)
            copy(row.luma, to: bytes + y * bytesPerLine, count: width)
            if y % 2 == 0 {
                copy(row.cb, to: cbPlane + (y / 2) * chromaStride, count: width / 2)
                copy(row.cr, to: crPlane + (y / 2) * chromaStride, count: width / 2)
            }
        }
    }

    private func copy(_ values: [UInt8], to line: UnsafeMutablePointer<UInt8>, count: Int) {
        values.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            line.update(from: base, count: min(count, source.count))
        }
    }
}
