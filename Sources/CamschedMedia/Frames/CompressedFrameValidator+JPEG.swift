import Foundation

extension CompressedFrameValidator {
    /// Why `bytes` is not a whole JPEG, or nil when it is one. Whatever follows EOI is ignored:
    /// a decoder stops there, and cameras pad their buffers.
    ///
    /// A frame cut off (a transfer that ended early) has no EOI after its scan; one whose tail
    /// was never written has zeros where the rest of the scan and EOI should be; garbage lacks
    /// SOI or breaks the markers. A UVC camera's MJPEG leaves out the Huffman tables (DHT), so
    /// they are not required.
    package static func jpegDamage(_ bytes: UnsafeRawBufferPointer) -> String? {
        let data = bytes.assumingMemoryBound(to: UInt8.self)
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { return "no JPEG start of image (SOI)" }
        var walk = JPEGMarkerWalk(data: data)
        var index = 2
        while true {
            guard index < data.count else { return "cut off after \(data.count) bytes: no end of image (EOI)" }
            guard data[index] == 0xFF else { return "no JPEG marker at byte \(index)" }
            while index < data.count, data[index] == 0xFF { index += 1 }  // fill bytes
            guard index < data.count else { return "cut off in a marker: no end of image (EOI)" }
            let marker = data[index]
            index += 1
            switch marker {
            case 0xD9:
                return walk.scans > 0 ? nil : "an end of image (EOI) before any scan"
            case 0x00...0xBF, 0xD0...0xD8:
                return String(format: "marker 0xFF%02X where a marker segment belongs (byte %d)", marker, index - 2)
            default:
                guard index + 2 <= data.count else { return "cut off in a marker segment's length" }
                let length = Int(data[index]) << 8 | Int(data[index + 1])
                guard length >= 2, index + length <= data.count else {
                    return String(format: "marker segment 0xFF%02X runs past the end (cut off)", marker)
                }
                if let damage = walk.segment(marker, body: index + 2..<index + length) { return damage }
                index += length
                if marker == 0xDA {
                    guard let next = walk.scanEnd(from: index) else { return "cut off inside the scan: no end of image (EOI)" }
                    index = next
                }
            }
        }
    }
}
