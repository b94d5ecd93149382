/// Control names as `v4l2-ctl` prints them and as job files name controls.
package enum V4L2ControlName {
    /// Lowercases the driver's name and joins its alphanumeric runs with single underscores,
    /// as `v4l2-ctl` does: "White Balance, Automatic" → `white_balance_automatic`.
    package static func normalize(_ name: String) -> String {
        var result = ""
        var pendingUnderscore = false
        for scalar in name.unicodeScalars {
            let isASCIIAlphanumeric = scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
            if isASCIIAlphanumeric {
                if pendingUnderscore { result.append("_") }
                pendingUnderscore = false
                result.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else if !result.isEmpty {
                pendingUnderscore = true
            }
        }
        return result
    }
}
