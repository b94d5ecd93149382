import Foundation

/// The marker segments at the head of a JPEG, up to its first scan (SOS).
struct JPEGSegments {
    struct Segment {
        /// The marker's second byte (0xE0 for APP0, 0xC4 for DHT…).
        let marker: UInt8
        /// Where the segment starts (its 0xFF) and ends (one past its last byte) in the file.
        let range: Range<Int>
    }

    /// Segments between SOI and SOS, in order.
    let segments: [Segment]
    /// Where the first scan's SOS marker starts: the entropy-coded image follows.
    let scanStart: Int

    /// Parses the markers of `data`.
    /// - Throws: `MediaError.notJPEG` when it has no SOI or a segment runs past the end.
    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw MediaError.notJPEG("no SOI marker") }
        var segments: [Segment] = []
        var index = 2
        while true {
            guard index + 1 < bytes.count, bytes[index] == 0xFF else {
                throw MediaError.notJPEG("no marker at byte \(index)")
            }
            var markerIndex = index + 1
            while markerIndex < bytes.count && bytes[markerIndex] == 0xFF { markerIndex += 1 }  // fill bytes
            guard markerIndex < bytes.count else { throw MediaError.notJPEG("truncated marker") }
            let marker = bytes[markerIndex]
            if marker == 0xDA {
                scanStart = index
                break
            }
            if marker == 0xD9 { throw MediaError.notJPEG("no scan before EOI") }
            guard markerIndex + 2 < bytes.count else { throw MediaError.notJPEG("truncated segment") }
            let length = Int(bytes[markerIndex + 1]) << 8 | Int(bytes[markerIndex + 2])
            let end = markerIndex + 1 + length
            guard length >= 2, end <= bytes.count else { throw MediaError.notJPEG("segment runs past the end") }
            segments.append(Segment(marker: marker, range: index..<end))
            index = end
        }
        self.segments = segments
    }

    /// Whether a DHT segment comes before the first scan.
    var hasHuffmanTables: Bool { segments.contains { $0.marker == 0xC4 } }
}
