/// Text made safe for HTML and SVG: every string from disk (job names, paths, reasons) goes
/// through here before it is written into the report.
package enum HTMLText {
    /// `text` with `& < > " '` as character references, and control characters (other than
    /// tab and newline) dropped: safe in element content and in quoted attribute values.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A number with at most `digits` decimals, trailing zeros dropped (`29.97`, `30`).
    package static func number(_ value: Double, digits: Int = 2) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<max(0, digits) { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(rounded)
        if text.contains("e") { return text }
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
