import Foundation
import Testing
@testable import CamschedJobs

@Suite("JSON parser")
struct JSONParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Data(text.utf8))
    }

    @Test func valuesAndPositions() throws {
        let node = try parse("{\n  \"a\": [1, -2.5e1, true, null],\n\t\"b\": \"x\\u00e9\\n\\ud83d\\ude00\"\n}")
        guard case .object(let members) = node.value else {
            Issue.record("not an object")
            return
        }
        #expect(node.location == SourceLocation(line: 1, column: 1))
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(members[0].value.location == SourceLocation(line: 2, column: 8))
        guard case .array(let elements) = members[0].value.value else {
            Issue.record("not an array")
            return
        }
        #expect(elements.map(\.location.column) == [9, 12, 20, 26])
        #expect(elements[1].value == .number(JSONNumber(literal: "-2.5e1", value: -25)))
        #expect(elements[2].value == .bool(true))
        #expect(elements[3].value == .null)
        #expect(members[1].keyLocation == SourceLocation(line: 3, column: 2))
        #expect(members[1].value.value == .string("xé\n😀"))
    }

    @Test func integers() throws {
        #expect(JSONNumber(literal: "12", value: 12).integerValue == 12)
        #expect(JSONNumber(literal: "1e3", value: 1000).integerValue == 1000)
        #expect(JSONNumber(literal: "4.0", value: 4).integerValue == 4)
        #expect(JSONNumber(literal: "2.5", value: 2.5).integerValue == nil)
        #expect(JSONNumber(literal: "9223372036854775807", value: 9.2e18).integerValue == .max)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let node = try JSONParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
        #expect(node.value == .object([]))
    }

    @Test(arguments: [
        ("", 1, 1, "the file is empty; expected a JSON object"),
        ("{\"a\": 01}", 1, 7, "invalid number: leading zeros are not allowed"),
        ("{\"a\": .5}", 1, 7, "unexpected \".\"; expected a value"),
        ("{\"a\": 1.}", 1, 7, "invalid number"),
        ("{\"a\": tru}", 1, 7, "invalid literal; expected true"),
        ("{\"a\": 1} x", 1, 10, "unexpected \"x\" after the end of the JSON value"),
        ("{\"a\" 1}", 1, 6, "unexpected \"1\"; expected \":\" after the key"),
        ("{a: 1}", 1, 2, "unexpected \"a\"; expected a key in double quotes"),
        ("[1, 2,]", 1, 7, "a comma before \"]\" is not allowed in JSON"),
        ("[1 2]", 1, 4, "unexpected \"2\"; expected \",\" or \"]\""),
        ("\"\\x\"", 1, 3, "invalid escape \\x in string"),
        ("\"\\ud800\"", 1, 8, "unpaired surrogate in \\u escape"),
        ("\"abc", 1, 5, "unexpected end of file inside a string"),
        ("{\n  \"é\": ü}", 2, 8, "unexpected \"ü\"; expected a value"),
        ("/* c */ {}", 1, 1, "comments are not allowed in JSON"),
        ("\"a\tb\"", 1, 3, "control characters must be escaped in strings"),
    ])
    func syntaxErrors(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError(location: SourceLocation(line: line, column: column), message: message)) {
            try parse(text)
        }
    }

    /// Issue 26: invalid UTF-8 became U+FFFD, so files landed under a path nobody wrote.
    @Test(arguments: [
        ([0xFF], "FF", 1, 10),                 // never in UTF-8
        ([0xC0, 0xAF], "C0", 1, 10),           // overlong "/"
        ([0xED, 0xA0, 0x80], "ED", 1, 10),     // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], "F4", 1, 10), // past U+10FFFF
        ([0xC3], "C3", 1, 10),                 // cut short by the quote
        ([0x80], "80", 1, 10),                 // a lone continuation byte
    ] as [([UInt8], String, Int, Int)])
    func invalidUTF8IsRefusedWhereItIs(bytes: [UInt8], lead: String, line: Int, column: Int) {
        let text = Array("{\"p\": \"é/".utf8) + bytes + Array("x\"}".utf8)
        #expect(throws: JSONSyntaxError(location: SourceLocation(line: line, column: column),
                                        message: "invalid UTF-8 (byte 0x\(lead)); the file must be saved as UTF-8")) {
            try JSONParser.parse(Data(text))
        }
        let later = Array("{\n \"a\": \"ü\",\n \"b\": \"".utf8) + bytes + Array("\"}".utf8)
        #expect(throws: JSONSyntaxError(location: SourceLocation(line: 3, column: 8),
                                        message: "invalid UTF-8 (byte 0x\(lead)); the file must be saved as UTF-8")) {
            try JSONParser.parse(Data(later))
        }
        #expect(throws: Never.self) { try JSONParser.parse(Data("{\"p\": \"é€𝄞\"}".utf8)) }
    }

    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
    }
}
