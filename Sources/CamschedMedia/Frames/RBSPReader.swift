/// Reads the bits of one H.264 NAL unit's payload (its RBSP): the bytes after the NAL header,
/// without the emulation prevention bytes (the 0x03 an encoder puts after two zero bytes), so
/// a slice header's Exp-Golomb numbers and an SEI's messages read as the encoder wrote them.
struct RBSPReader {
    private let data: UnsafeBufferPointer<UInt8>
    private let end: Int
    private var index: Int
    private var zeros = 0
    private var current: UInt8 = 0
    private var bitsLeft = 0

    /// The payload of the NAL unit whose header byte is at `header`, up to `end`.
    init(_ data: UnsafeBufferPointer<UInt8>, header: Int, end: Int) {
        self.data = data
        self.end = end
        index = header + 1
    }

    /// The next payload byte; nil at the end.
    mutating func byte() -> UInt8? {
        guard index < end else { return nil }
        if zeros >= 2, data[index] == 0x03 {
            zeros = 0
            index += 1
            guard index < end else { return nil }
        }
        let value = data[index]
        zeros = value == 0 ? zeros + 1 : 0
        index += 1
        return value
    }

    /// The next bit; nil at the end.
    mutating func bit() -> UInt32? {
        if bitsLeft == 0 {
            guard let next = byte() else { return nil }
            (current, bitsLeft) = (next, 8)
        }
        bitsLeft -= 1
        return UInt32(current >> UInt8(bitsLeft)) & 1
    }

    /// An unsigned Exp-Golomb number (`ue(v)`); nil when the payload ends inside it or it has
    /// more than 31 leading zeros (no valid syntax element is that long).
    mutating func unsignedExpGolomb() -> UInt32? {
        var leadingZeros = 0
        while true {
            guard let bit = bit() else { return nil }
            if bit == 1 { break }
            leadingZeros += 1
            if leadingZeros > 31 { return nil }
        }
        var value: UInt32 = 0
        for _ in 0..<leadingZeros {
            guard let bit = bit() else { return nil }
            value = value << 1 | bit
        }
        return UInt32((UInt64(1) << UInt64(leadingZeros)) - 1 + UInt64(value))
    }

    /// An SEI's variable-length number (payload type or size): 0xFF bytes add 255 each, the
    /// first other byte ends it; nil at the end.
    mutating func seiNumber() -> Int? {
        var value = 0
        while let next = byte() {
            value += Int(next)
            if next != 0xFF { return value }
        }
        return nil
    }
}
