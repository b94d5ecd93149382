/// A camera control's value as applied: a number, a flag, or a text such as a menu item
/// (`"50 Hz"`) or a mode (`"auto"`). Encoded as the bare JSON value.
package enum MetadataValue: Codable, Sendable, Hashable, CustomStringConvertible {
    /// An integer control, or a manual value in the control's units.
    case integer(Int64)
    /// A fractional value.
    case number(Double)
    /// A boolean control.
    case flag(Bool)
    /// A menu item's name or a mode such as `"auto"`.
    case text(String)

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) { self = .flag(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else { self = .text(try container.decode(String.self)) }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .flag(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        }
    }

    package var description: String {
        switch self {
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .flag(let value): return String(value)
        case .text(let value): return value
        }
    }
}
