extension Duration {
    /// The duration in seconds as a `Double` (lossy below a nanosecond): for `TimeInterval`
    /// APIs, JSON and messages.
    package var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole nanoseconds, saturating at `Int64.min`/`Int64.max` instead of
    /// overflowing: for the monotonic clock's arithmetic.
    package var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = product.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflow2 ? (seconds < 0 ? .min : .max) : sum
    }
}
