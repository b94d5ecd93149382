import Foundation

/// One walk over a JPEG's markers (``CompressedFrameValidator/jpegDamage(_:)``): the frame
/// header's components and the scans seen so far, and where a scan's entropy-coded data ends.
struct JPEGMarkerWalk {
    let data: UnsafeBufferPointer<UInt8>
    var components: [UInt8]?
    var scans = 0

    /// Checks a marker segment's body (after its length); the damage, or nil.
    mutating func segment(_ marker: UInt8, body: Range<Int>) -> String? {
        switch marker {
        case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
            return frameHeader(body)
        case 0xDA:
            return scanHeader(body)
        default:
            return nil
        }
    }

    /// SOF: 8 or 12 bits, a width, 1 to 4 components with sampling factors 1 to 4.
    private mutating func frameHeader(_ body: Range<Int>) -> String? {
        guard components == nil else { return "a second frame header (SOF)" }
        guard body.count >= 6 else { return "a frame header (SOF) too short" }
        let start = body.lowerBound
        let count = Int(data[start + 5])
        let width = Int(data[start + 3]) << 8 | Int(data[start + 4])
        guard [8, 12, 16].contains(data[start]), width > 0, (1...4).contains(count), body.count == 6 + 3 * count else {
            return "a frame header (SOF) with impossible values"
        }
        var ids: [UInt8] = []
        for component in 0..<count {
            let sampling = data[start + 7 + 3 * component]
            guard (1...4).contains(sampling >> 4), (1...4).contains(sampling & 0x0F), data[start + 8 + 3 * component] <= 3 else {
                return "a frame header (SOF) with impossible sampling factors or table numbers"
            }
            ids.append(data[start + 6 + 3 * component])
        }
        components = ids
        return nil
    }

    /// SOS: after the frame header, naming only its components.
    private mutating func scanHeader(_ body: Range<Int>) -> String? {
        guard let components else { return "a scan (SOS) before the frame header (SOF)" }
        guard let first = body.first else { return "a scan header (SOS) too short" }
        let count = Int(data[first])
        guard (1...4).contains(count), body.count == 4 + 2 * count else { return "a scan header (SOS) with impossible values" }
        for component in 0..<count where !components.contains(data[first + 1 + 2 * component]) {
            return "a scan (SOS) of a component the frame header (SOF) does not have"
        }
        scans += 1
        return nil
    }

    /// Where the entropy-coded data from `start` ends: the index of the 0xFF of the first
    /// marker that is not a stuffed 0xFF00 or a restart marker; nil when the data ends first.
    func scanEnd(from start: Int) -> Int? {
        guard let base = data.baseAddress else { return nil }
        var index = start
        while index < data.count {
            guard let found = memchr(base + index, 0xFF, data.count - index) else { return nil }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard at + 1 < data.count else { return nil }
            switch data[at + 1] {
            case 0x00, 0xD0...0xD7: index = at + 2
            case 0xFF: index = at + 1
            default: return at
            }
        }
        return nil
    }
}
