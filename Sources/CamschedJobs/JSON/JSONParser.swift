import Foundation

/// A small JSON (RFC 8259) parser that records the line and column of every value and key.
///
/// It stops at the first syntax error: after one, positions of whatever follows are unreliable.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private static let maximumDepth = 200

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not JSON, but editors write one; skip it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// Parses one JSON document.
    /// - Throws: `JSONSyntaxError` naming the position of the first error.
    static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONNode {
        let bytes = [UInt8](data)
        try UTF8Check.check(bytes)
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    private var location: SourceLocation { SourceLocation(line: line, column: column) }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(location: location, message: message)
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        try skipWhitespace()
        guard current != nil else { throw error("the file is empty; expected a JSON object") }
        let node = try parseValue(depth: 0)
        try skipWhitespace()
        if current != nil {
            throw error("unexpected \(describeCurrent()) after the end of the JSON value")
        }
        return node
    }

    private mutating func skipWhitespace() throws(JSONSyntaxError) {
        while let byte = current {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: advance()
            case UInt8(ascii: "/") where index + 1 < bytes.count
                && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
                throw error("comments are not allowed in JSON")
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte < 0x80 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x20 { return "control character U+\(hex4(UInt32(byte)))" }
            return "\"\(Character(scalar))\""
        }
        // Decode the whole scalar for the message.
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "\"\(String(decoding: bytes[index..<end], as: UTF8.self))\""
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < JSONParser.maximumDepth else { throw error("values are nested too deeply") }
        let start = location
        guard let byte = current else { throw error("unexpected end of file; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), location: start)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), location: start)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), location: start)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, location: start)
        case UInt8(ascii: "'"): throw error("strings are written in double quotes in JSON, not single quotes")
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let start = location
        for expected in word.utf8 {
            guard current == expected else {
                throw JSONSyntaxError(location: start, message: "invalid literal; expected \(word)")
            }
            advance()
        }
        if let byte = current, byte.isASCIILetterOrDigit {
            throw JSONSyntaxError(location: start, message: "invalid literal; expected \(word)")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = location
        advance()  // {
        var members: [JSONMember] = []
        try skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return JSONNode(value: .object(members), location: start)
        }
        while true {
            try skipWhitespace()
            let keyLocation = location
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") && !members.isEmpty {
                    throw error("a comma before \"}\" is not allowed in JSON")
                }
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let key = try parseString()
            try skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected \":\" after the key")
            }
            advance()
            try skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            try skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"):
                advance()
                return JSONNode(value: .object(members), location: start)
            case UInt8(ascii: "\""):
                throw error("missing \",\" between object members")
            default:
                throw error("unexpected \(describeCurrent()); expected \",\" or \"}\"")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = location
        advance()  // [
        var elements: [JSONNode] = []
        try skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return JSONNode(value: .array(elements), location: start)
        }
        while true {
            try skipWhitespace()
            if current == UInt8(ascii: "]") && !elements.isEmpty {
                throw error("a comma before \"]\" is not allowed in JSON")
            }
            elements.append(try parseValue(depth: depth + 1))
            try skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"):
                advance()
                return JSONNode(value: .array(elements), location: start)
            default:
                throw error("unexpected \(describeCurrent()); expected \",\" or \"]\"")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        advance()  // opening quote
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error("unexpected end of file inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                try parseEscape(into: &utf8)
            case 0x0A:
                throw error("unexpected end of line inside a string (missing closing quote?)")
            case 0..<0x20:
                throw error("control characters must be escaped in strings")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unexpected end of file inside a string") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            utf8.append(replacement)
            advance()
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error("invalid escape \\\(describeCurrent().dropFirst().dropLast()) in string") }
        advance()
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate in \\u escape")
            }
            advance()
            advance()
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
            throw error("unpaired surrogate in \\u escape")
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
        utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = byte.hexDigitValue else {
                throw error("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        let startLocation = location
        func invalid() -> JSONSyntaxError {
            JSONSyntaxError(location: startLocation, message: "invalid number")
        }
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, first.isASCIIDigit else { throw invalid() }
        advance()
        if first == UInt8(ascii: "0"), let next = current, next.isASCIIDigit {
            throw JSONSyntaxError(location: startLocation, message: "invalid number: leading zeros are not allowed")
        }
        while let byte = current, byte.isASCIIDigit { advance() }
        if current == UInt8(ascii: ".") {
            advance()
            guard let byte = current, byte.isASCIIDigit else { throw invalid() }
            while let byte = current, byte.isASCIIDigit { advance() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard let byte = current, byte.isASCIIDigit else { throw invalid() }
            while let byte = current, byte.isASCIIDigit { advance() }
        }
        if let byte = current, byte.isASCIILetterOrDigit {
            throw JSONSyntaxError(
                location: startLocation,
                message: "invalid number; text with units must be written as a string, e.g. \"10s\"")
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            throw JSONSyntaxError(location: startLocation, message: "number out of range")
        }
        return JSONNumber(literal: literal, value: value)
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    fileprivate var isASCIILetterOrDigit: Bool {
        isASCIIDigit || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) || self == 0x5F
    }
    fileprivate var hexDigitValue: UInt8? {
        switch self {
        case 0x30...0x39: self - 0x30
        case 0x41...0x46: self - 0x41 + 10
        case 0x61...0x66: self - 0x61 + 10
        default: nil
        }
    }
}
