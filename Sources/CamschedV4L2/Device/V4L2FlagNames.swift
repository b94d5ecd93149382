/// Converts flag bits to names and back without losing bits that have no name: those are
/// written as hex (`0x800`), so JSON from a newer kernel reads back the same.
enum V4L2FlagNames {
    static func names(of rawValue: UInt32, in named: [(bits: UInt32, name: String)]) -> [String] {
        var remaining = rawValue
        var result: [String] = []
        for (bits, name) in named where bits != 0 && rawValue & bits == bits {
            result.append(name)
            remaining &= ~bits
        }
        for bit in 0..<32 where remaining & (1 << UInt32(bit)) != 0 {
            result.append("0x" + String(UInt32(1) << UInt32(bit), radix: 16))
        }
        return result
    }

    static func rawValue(of names: [String], in named: [(bits: UInt32, name: String)]) -> UInt32 {
        var value: UInt32 = 0
        for name in names {
            if let match = named.first(where: { $0.name == name }) {
                value |= match.bits
            } else if name.hasPrefix("0x"), let bits = UInt32(name.dropFirst(2), radix: 16) {
                value |= bits
            }
        }
        return value
    }
}
