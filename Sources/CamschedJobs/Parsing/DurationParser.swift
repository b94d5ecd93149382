/// Parses the durations of job files: `"500ms"`, `"10s"`, `"5m"`, `"1h30m"`, `"2d"`, or seconds.
///
/// A duration string is one or more `NUMBER UNIT` parts without spaces, summed; `NUMBER` may
/// have a fraction (`"1.5h"`). Units: `ms`, `s`, `m`, `h`, `d` (24 hours). A bare number
/// (`"10"`, `"0.5"`) is seconds. Negative durations and durations over 100 years are refused.
package enum DurationParser {
    /// The longest duration accepted: 100 years of 365 days.
    package static let maximumSeconds: Double = 100 * 365 * 86_400

    /// The hint that follows an invalid duration in messages.
    package static let syntaxHint =
        "use a number of seconds or units like \"500ms\", \"10s\", \"5m\", \"1h30m\", \"2d\""

    /// Parses a duration string.
    /// - Parameter text: for example `"1h30m"`, `"500ms"` or `"90"`.
    /// - Returns: the duration, or `nil` when the text is not a duration.
    package static func parse(_ text: String) -> Duration? {
        if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let seconds = Double(text) {
            return duration(seconds: seconds)
        }
        var totalNanoseconds: Double = 0
        var rest = Substring(text)
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !number.isEmpty, number.first != ".", number.last != ".",
                  let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isASCII && $0.isLetter }
            rest = rest.dropFirst(unit.count)
            let scale: Double
            switch unit {
            case "ms": scale = 1e6
            case "s": scale = 1e9
            case "m": scale = 60e9
            case "h": scale = 3_600e9
            case "d": scale = 86_400e9
            default: return nil
            }
            totalNanoseconds += value * scale
        }
        return duration(seconds: totalNanoseconds / 1e9)
    }

    /// Converts a number of seconds, as written in a job file, to a duration.
    /// - Returns: `nil` for negative, non-finite or too long values.
    package static func duration(seconds: Double) -> Duration? {
        guard seconds.isFinite, seconds >= 0, seconds <= maximumSeconds else { return nil }
        let nanoseconds = (seconds * 1e9).rounded()
        return .nanoseconds(Int64(nanoseconds))
    }
}
