extension Duration {
    /// The duration in the job-file syntax, largest units first: `"1h30m"`, `"2d"`, `"500ms"`,
    /// `"0s"`. Parts below a millisecond are written as `us` and `ns`.
    ///
    /// `DurationParser.parse` reads the result back to the same value (for whole milliseconds).
    package var compactDescription: String {
        let (seconds, attoseconds) = components
        if seconds < 0 || (seconds == 0 && attoseconds < 0) {
            return "-" + (Duration.zero - self).compactDescription
        }
        var remainingSeconds = seconds
        var nanoseconds = attoseconds / 1_000_000_000
        var parts = ""
        for (unit, size) in [("d", Int64(86_400)), ("h", 3_600), ("m", 60), ("s", 1)] {
            let count = remainingSeconds / size
            remainingSeconds %= size
            if count > 0 { parts += "\(count)\(unit)" }
        }
        for (unit, size) in [("ms", Int64(1_000_000)), ("us", 1_000), ("ns", 1)] {
            let count = nanoseconds / size
            nanoseconds %= size
            if count > 0 { parts += "\(count)\(unit)" }
        }
        return parts.isEmpty ? "0s" : parts
    }
}
