/// A parsed JSON value together with the place in the source text where it starts.
///
/// Foundation's `JSONDecoder` forgets positions; job validation needs them for every value so
/// that each problem can name its line and column.
struct JSONNode: Sendable, Equatable {
    /// The kinds of JSON value.
    indirect enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }

    var value: Value
    var location: SourceLocation

    /// A short description of the value for messages: `"text"`, `12.5`, `true`, `an object`.
    var shortDescription: String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n.literal
        case .string(let s): JSONNode.quoted(s.count > 60 ? String(s.prefix(57)) + "..." : s)
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Quotes text the way JSON would, for messages.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Four lowercase hex digits, zero-padded, for `\u` escapes in messages.
func hex4(_ value: UInt32) -> String {
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
