/// Why an MP4 file's boxes could not be read as camsched writes them.
package struct MP4FormatError: Error, Equatable, CustomStringConvertible {
    package let reason: String
    package var description: String { "not a movie camsched can finish: \(reason)" }
    init(_ reason: String) { self.reason = reason }
}

/// A box inside a byte buffer: its four-character type and where its body lies.
struct MP4BoxRange {
    let type: String
    /// Where the box's header starts.
    let start: Int
    /// Where its body (after the header) starts and where the box ends.
    let bodyStart: Int
    let end: Int

    /// The boxes laid end to end in `bytes[range]`; a box that runs past the range is an error.
    static func children(of bytes: [UInt8], in range: Range<Int>) throws -> [MP4BoxRange] {
        var boxes: [MP4BoxRange] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            var reader = MP4ByteReader(bytes, at: offset)
            var size = Int(try reader.u32())
            let type = try reader.fourCC()
            if size == 1 { size = Int(clamping: try reader.u64()) }
            if size == 0 { size = range.upperBound - offset }
            guard size >= reader.position - offset, offset + size <= range.upperBound else {
                throw MP4FormatError("box \(type) at \(offset) runs past its container")
            }
            boxes.append(MP4BoxRange(type: type, start: offset, bodyStart: reader.position, end: offset + size))
            offset += size
        }
        return boxes
    }
}

/// Reads big-endian fields from a byte buffer, as ISO BMFF stores them.
struct MP4ByteReader {
    private let bytes: [UInt8]
    private(set) var position: Int

    init(_ bytes: [UInt8], at position: Int) {
        self.bytes = bytes
        self.position = position
    }

    mutating func u8() throws -> UInt8 { UInt8(try unsigned(1)) }
    mutating func u32() throws -> UInt32 { UInt32(try unsigned(4)) }
    mutating func u64() throws -> UInt64 { try unsigned(8) }
    /// A full box's version and its 24 bits of flags.
    mutating func versionAndFlags() throws -> (version: UInt8, flags: UInt32) {
        let word = try u32()
        return (UInt8(word >> 24), word & 0xFF_FFFF)
    }
    mutating func fourCC() throws -> String {
        try need(4)
        defer { position += 4 }
        return String(decoding: bytes[position..<position + 4], as: UTF8.self)
    }
    mutating func skip(_ count: Int) throws {
        try need(count)
        position += count
    }

    private mutating func unsigned(_ count: Int) throws -> UInt64 {
        try need(count)
        defer { position += count }
        return bytes[position..<position + count].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func need(_ count: Int) throws {
        guard count >= 0, position + count <= bytes.count else { throw MP4FormatError("a box ends inside a field") }
    }
}

/// Builds boxes: big-endian fields, and boxes whose size is filled in when their body is done.
struct MP4BoxWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u16(_ value: UInt16) { append(UInt64(value), count: 2) }
    mutating func u32(_ value: UInt32) { append(UInt64(value), count: 4) }
    mutating func u64(_ value: UInt64) { append(value, count: 8) }
    mutating func raw<Bytes: Sequence<UInt8>>(_ data: Bytes) { bytes.append(contentsOf: data) }

    /// A box of `type` whose body `body` writes.
    mutating func box(_ type: String, _ body: (inout MP4BoxWriter) throws -> Void) rethrows {
        let start = bytes.count
        u32(0)
        raw(Array(type.utf8.prefix(4)))
        try body(&self)
        let size = UInt32(bytes.count - start)
        for index in 0..<4 { bytes[start + index] = UInt8(truncatingIfNeeded: size >> (24 - 8 * UInt32(index))) }
    }

    /// A full box: a box whose body starts with a version and flags.
    mutating func fullBox(_ type: String, version: UInt8 = 0, flags: UInt32 = 0,
                          _ body: (inout MP4BoxWriter) throws -> Void) rethrows {
        try box(type) { writer in
            writer.u32(UInt32(version) << 24 | flags & 0xFF_FFFF)
            try body(&writer)
        }
    }

    private mutating func append(_ value: UInt64, count: Int) {
        for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
}
