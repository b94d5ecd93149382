/// Parses the byte sizes of job files: `"500MB"`, `"20GiB"`, `"1.5TB"`, or a number of bytes.
///
/// Decimal units are powers of 1000 (`kB`/`KB`, `MB`, `GB`, `TB`), binary ones powers of 1024
/// (`KiB`, `MiB`, `GiB`, `TiB`); `B` is bytes. Letters are case-insensitive except that the
/// unit must end in `B`, so `"500M"` is refused rather than guessed.
package enum ByteSizeParser {
    /// The hint that follows an invalid size in messages.
    package static let syntaxHint = "use a number of bytes or units like \"500MB\", \"20GiB\", \"1.5TB\""

    /// Parses a byte size.
    /// - Returns: the number of bytes (rounded down), or `nil` when the text is not a size.
    package static func parse(_ text: String) -> Int64? {
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !number.isEmpty, number.first != ".", number.last != ".",
              let value = Double(number) else { return nil }
        let unit = text.dropFirst(number.count).lowercased()
        let scale: Double
        switch unit {
        case "", "b": scale = 1
        case "kb": scale = 1e3
        case "mb": scale = 1e6
        case "gb": scale = 1e9
        case "tb": scale = 1e12
        case "kib": scale = 1024
        case "mib": scale = 1_048_576
        case "gib": scale = 1_073_741_824
        case "tib": scale = 1_099_511_627_776
        default: return nil
        }
        return bytes(value * scale)
    }

    /// Converts a number of bytes as written in a job file; `nil` if negative or too large.
    package static func bytes(_ value: Double) -> Int64? {
        guard value.isFinite, value >= 0, value < 9.2e18 else { return nil }
        return Int64(value.rounded(.down))
    }
}
