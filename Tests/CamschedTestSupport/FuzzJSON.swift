import Foundation

/// A JSON tree for fuzzing that can hold what Foundation cannot write: number literals beyond
/// `Double` (`18446744073709551616`, `1e400`), `-0`, and strings with broken UTF-8.
package indirect enum FuzzJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number exactly as written.
    case number(String)
    /// A string's raw UTF-8 bytes, written between quotes with `"`, `\` and control bytes escaped.
    case string([UInt8])
    case array([FuzzJSON])
    case object([(key: String, value: FuzzJSON)])

    package static func == (a: FuzzJSON, b: FuzzJSON) -> Bool { a.bytes == b.bytes }

    /// A string value.
    package static func text(_ text: String) -> FuzzJSON { .string(Array(text.utf8)) }

    /// Reads a JSON document (an example job).
    package init(parsing data: Data) throws {
        self.init(any: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// Converts what `JSONSerialization` returns.
    package init(any value: Any) {
        switch value {
        case let dictionary as [String: Any]:
            self = .object(dictionary.keys.sorted().map { ($0, FuzzJSON(any: dictionary[$0] as Any)) })
        case let array as [Any]:
            self = .array(array.map(FuzzJSON.init(any:)))
        case let string as String:
            self = .text(string)
        case let number as NSNumber:
            // Foundation keeps JSON's true/false as a boolean NSNumber, of type code "c".
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.stringValue)
            }
        default:
            self = .null
        }
    }

    /// The document as bytes.
    package var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .number(let literal): out += Array(literal.utf8)
        case .string(let raw): FuzzJSON.writeString(raw, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                FuzzJSON.writeString(Array(member.key.utf8), into: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ raw: [UInt8], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in raw {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case 0..<0x20:
                out += Array(String(format: "\\u%04x", byte).utf8)
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The member `key` of an object, if this is one.
    package subscript(key: String) -> FuzzJSON? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
        set {
            guard case .object(var members) = self else { return }
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
            self = .object(members)
        }
    }
}
