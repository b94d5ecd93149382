import CamschedCore

/// The stream header of a YUV4MPEG2 file, for the layouts ``Y4MReader`` reads: 8-bit 4:2:0
/// (`C420`, `C420jpeg`, `C420paldv`, `C420mpeg2`, or no `C`, which means 4:2:0), even sizes and
/// a frame rate within `FrameRate.workable`. Other parameters (interlacing, aspect, `X` extensions) do not change
/// the bytes of a frame and are passed over.
struct Y4MHeader: Equatable {
    let width: Int
    let height: Int
    let rate: (num: Int64, den: Int64)
    /// Bytes up to and including the header's newline: where the first frame starts.
    let length: Int

    static let chromaLayouts: Set<String> = ["420", "420jpeg", "420paldv", "420mpeg2"]

    /// Parses the start of a file; nil when it is no Y4M header of a layout the reader takes.
    init?(_ head: [UInt8]) {
        let magic = Array("YUV4MPEG2 ".utf8)
        guard head.starts(with: magic), let end = head.firstIndex(of: 0x0A) else { return nil }
        var width: Int?, height: Int?, rate: (Int64, Int64)?
        for token in head[magic.count..<end].split(separator: 0x20) {
            guard let tag = token.first else { continue }
            let value = String(decoding: token.dropFirst(), as: UTF8.self)
            switch tag {
            case UInt8(ascii: "W"): width = Int(value)
            case UInt8(ascii: "H"): height = Int(value)
            case UInt8(ascii: "F"):
                let parts = value.split(separator: ":")
                // A rate outside FrameRate.workable (F1:9223372036854775807) would overflow frame
                // times (index × den × 10^9 / num): not a layout this reader takes.
                guard parts.count == 2, let num = Int64(parts[0]), let den = Int64(parts[1]), num > 0, den > 0,
                      FrameRate.workable.contains(Double(num) / Double(den)) else { return nil }
                rate = (num, den)
            case UInt8(ascii: "C"):
                guard Self.chromaLayouts.contains(value) else { return nil }
            default: continue
            }
        }
        guard let width, let height, let rate, width > 0, height > 0, width % 2 == 0, height % 2 == 0,
              width <= 16384, height <= 16384 else { return nil }
        self.width = width
        self.height = height
        self.rate = rate
        length = end + 1
    }

    static func == (a: Y4MHeader, b: Y4MHeader) -> Bool {
        a.width == b.width && a.height == b.height && a.rate == b.rate && a.length == b.length
    }
}
