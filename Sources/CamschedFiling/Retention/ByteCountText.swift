/// Human-readable byte counts for messages (`1.5 GB`), decimal units as `df -H` prints them.
package enum ByteCountText {
    package static func format(_ bytes: Int64) -> String {
        let units = ["bytes", "kB", "MB", "GB", "TB", "PB"]
        var value = Double(bytes)
        var unit = 0
        while abs(value) >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) bytes" }
        let rounded = (value * 10).rounded() / 10
        return "\(rounded) \(units[unit])"
    }
}
