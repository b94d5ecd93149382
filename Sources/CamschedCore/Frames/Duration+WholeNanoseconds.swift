extension Duration {
    /// The duration in whole nanoseconds, saturating instead of overflowing.
    package var wholeNanoseconds: Int64 {
        let (seconds, overflow) = components.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return components.seconds < 0 ? .min : .max }
        return seconds.addingReportingOverflow(components.attoseconds / 1_000_000_000).overflow
            ? .max : seconds + components.attoseconds / 1_000_000_000
    }
}
