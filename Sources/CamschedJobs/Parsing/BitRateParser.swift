/// Parses video bit rates: `"4M"`, `"800k"`, `"2.5Mbps"`, or a number of bits per second.
///
/// Suffixes are decimal: `k` = 1000, `M` = 10^6, `G` = 10^9 bits per second, optionally followed
/// by `bps` or `b/s`. `k` may also be written `K`.
package enum BitRateParser {
    /// The hint that follows an invalid bit rate in messages.
    package static let syntaxHint = "use bits per second as a number or like \"800k\", \"4M\", \"2.5Mbps\""

    /// Parses a bit rate.
    /// - Returns: bits per second, or `nil` when the text is not a bit rate or is not positive.
    package static func parse(_ text: String) -> Int? {
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !number.isEmpty, number.first != ".", number.last != ".",
              let value = Double(number) else { return nil }
        var unit = Substring(text.dropFirst(number.count))
        for suffix in ["bps", "b/s"] where unit.hasSuffix(suffix) {
            unit = unit.dropLast(suffix.count)
        }
        let scale: Double
        switch unit {
        case "": scale = 1
        case "k", "K": scale = 1e3
        case "M": scale = 1e6
        case "G": scale = 1e9
        default: return nil
        }
        return bitsPerSecond(value * scale)
    }

    /// Converts a number of bits per second; `nil` unless positive and below 10^12.
    package static func bitsPerSecond(_ value: Double) -> Int? {
        guard value.isFinite, value >= 1, value < 1e12 else { return nil }
        return Int(value.rounded())
    }
}
