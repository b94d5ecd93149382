/// Numbers as fixed-width text (`%04d`, `%04x`) without `String(format:)`: Foundation's formatter
/// looks up each argument's `CVarArg` conformance at run time, a scan of every conformance in the
/// binary the first time (a few percent of a cron run), for what is a few digits.
package enum PaddedNumber {
    /// `value` in `radix` (10 or 16, lowercase), zero-padded to `width` digits; a minus sign
    /// before the digits of a negative value.
    package static func text(_ value: Int, width: Int, radix: Int = 10) -> String {
        let digits = String(value.magnitude, radix: radix)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }
}
