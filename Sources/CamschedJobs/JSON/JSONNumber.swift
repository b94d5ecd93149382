/// A JSON number: its literal text (for messages and exact integers) and its value.
struct JSONNumber: Sendable, Equatable {
    /// The number as written, e.g. `1e3` or `-0.5`.
    var literal: String
    /// The value as a `Double`.
    var value: Double

    /// The value as an exact integer, when it is one (`12`, `1e3`, `4.0`) and fits in `Int64`.
    var integerValue: Int64? {
        if let exact = Int64(literal) { return exact }
        guard value.isFinite, value == value.rounded(),
              value >= -9.2e18, value <= 9.2e18 else { return nil }
        return Int64(value)
    }
}
