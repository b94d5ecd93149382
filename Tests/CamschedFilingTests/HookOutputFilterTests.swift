import Testing
@testable import CamschedFiling

/// The bound on one hook run's output: lines, bytes, a line cut at the byte limit, and the
/// count of what was not shown.
@Suite struct HookOutputFilterTests {
    static func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

    @Test func linesAreShownUntilTheLineLimitThenOnlyCounted() {
        var filter = HookOutputFilter(limit: HookOutputLimit(lines: 3, bytes: 1000))
        let lines = filter.add(Self.bytes("a\nb\r\nc\nd\ne\n"), from: .standardOutput)
        #expect(lines.map(\.text) == ["a", "b", "c"])
        #expect(filter.isFull)
        #expect(filter.add(Self.bytes("more\n"), from: .standardError).isEmpty)
        #expect(filter.end().isEmpty)
        #expect(filter.discardedBytes == 4 + 5, "d, e and more with their newlines")
    }

    @Test func aLineWithoutEndIsCutAtTheByteLimit() {
        var filter = HookOutputFilter(limit: HookOutputLimit(lines: 200, bytes: 10))
        #expect(filter.add(Self.bytes("12345"), from: .standardOutput).isEmpty, "a line in progress is held")
        let lines = filter.add(Self.bytes("67890abc"), from: .standardOutput)
        #expect(lines == [.init(stream: .standardOutput, text: "1234567890")])
        #expect(filter.discardedBytes == 3)
    }

    @Test func streamsKeepTheirOwnLinesAndShareTheLimit() {
        var filter = HookOutputFilter(limit: HookOutputLimit(lines: 200, bytes: 12))
        #expect(filter.add(Self.bytes("out"), from: .standardOutput).isEmpty)
        #expect(filter.add(Self.bytes("err\n"), from: .standardError) == [.init(stream: .standardError, text: "err")])
        #expect(filter.add(Self.bytes("put\n"), from: .standardOutput) == [.init(stream: .standardOutput, text: "output")])
        let last = filter.add(Self.bytes("last"), from: .standardError)
        #expect(last == [.init(stream: .standardError, text: "l")], "cut at 12 bytes: 4 + 7 + 1")
        #expect(filter.end().isEmpty)
        #expect(filter.discardedBytes == 3)
    }
}
