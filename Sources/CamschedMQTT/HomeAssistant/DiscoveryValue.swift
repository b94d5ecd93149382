/// A JSON value of a Home Assistant discovery config: the configs are built as data (one table
/// of entities) and encoded with sorted keys, so a config's bytes are the same on every run and
/// a retained config is only republished when it changed.
package enum DiscoveryValue: Sendable, Equatable, Encodable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case list([DiscoveryValue])
    case object([String: DiscoveryValue])

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .list(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }
}

extension DiscoveryValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}
