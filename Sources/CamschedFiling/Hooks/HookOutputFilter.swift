/// Splits one hook run's output into lines and keeps it within a ``HookOutputLimit``: lines
/// are shown until the limit is reached (the line that reaches it cut at the byte limit), and
/// everything after that is only counted. A line never grows past what is left of the limit,
/// so a hook that prints without a newline costs no more memory than one that prints lines.
struct HookOutputFilter {
    /// Where the hook wrote a line.
    enum Stream: Int, Sendable {
        case standardOutput = 0
        case standardError = 1
    }

    struct Line: Sendable, Equatable {
        var stream: Stream
        var text: String
    }

    let limit: HookOutputLimit
    /// The line being read on each stream, not yet ended by a newline.
    private var pending: [[UInt8]] = [[], []]
    /// Bytes the hook wrote so far.
    private(set) var receivedBytes = 0
    /// Bytes shown so far (newlines included).
    private(set) var shownBytes = 0
    private(set) var shownLines = 0
    /// The limit is reached: what comes now is only counted.
    private(set) var isFull = false

    init(limit: HookOutputLimit) {
        self.limit = limit
    }

    /// Bytes the hook wrote that were not shown.
    var discardedBytes: Int { receivedBytes - shownBytes }

    /// Takes what the hook wrote on `stream` and returns the lines it completed that are shown.
    mutating func add(_ bytes: ArraySlice<UInt8>, from stream: Stream) -> [Line] {
        receivedBytes += bytes.count
        var lines: [Line] = []
        var rest = bytes
        while !rest.isEmpty, !isFull {
            if let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
                pending[stream.rawValue].append(contentsOf: rest[..<newline])
                rest = rest[(newline + 1)...]
                lines.append(take(stream, newline: true))
            } else {
                pending[stream.rawValue].append(contentsOf: rest)
                rest = []
                if pending[stream.rawValue].count >= limit.bytes - shownBytes { lines.append(take(stream, newline: false)) }
            }
        }
        return lines
    }

    /// The last lines, not ended by a newline, when the hook's output has ended.
    mutating func end() -> [Line] {
        var lines: [Line] = []
        for stream in [Stream.standardOutput, .standardError] where !isFull && !pending[stream.rawValue].isEmpty {
            lines.append(take(stream, newline: false))
        }
        return lines
    }

    /// Shows the pending line of `stream`, cut to what is left of the byte limit.
    private mutating func take(_ stream: Stream, newline: Bool) -> Line {
        let bytes = pending[stream.rawValue]
        pending[stream.rawValue] = []
        let room = limit.bytes - shownBytes
        let whole = bytes.count + (newline ? 1 : 0)
        let shown = whole <= room ? bytes[...] : bytes.prefix(room)
        shownBytes += min(whole, room)
        shownLines += 1
        if shownLines >= limit.lines || shownBytes >= limit.bytes { isFull = true }
        var text = String(decoding: shown, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        return Line(stream: stream, text: text)
    }
}
