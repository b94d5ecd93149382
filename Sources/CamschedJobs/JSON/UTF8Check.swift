/// Finds the first byte sequence that is not UTF-8 in a job file, so that the parser refuses
/// it with its line and column instead of turning it into U+FFFD (a path, a name or a device
/// would then be one the user never wrote).
enum UTF8Check {
    /// Throws at the first ill-formed sequence, naming its line, column and byte.
    static func check(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        guard let bad = firstInvalidOffset(in: bytes) else { return }
        let byte = String(bytes[bad], radix: 16, uppercase: true)
        throw JSONSyntaxError(location: location(of: bad, in: bytes),
                              message: "invalid UTF-8 (byte 0x\(byte)); the file must be saved as UTF-8")
    }

    /// The offset of the first ill-formed sequence in `bytes` (overlong forms, surrogates and
    /// values past U+10FFFF included), or `nil` when all of it is UTF-8.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(bytes, at: index) else { return index }
            index += length
        }
        return nil
    }

    /// The length of the well-formed sequence starting at `index` (RFC 3629's table), or nil.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int? {
        let lead = bytes[index]
        let (length, secondRange): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: return nil
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<max(length, 2) where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return length
    }

    /// Line and column (1-based, columns in characters as the parser counts them) of `offset`.
    static func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }
}
