/// One problem in a job file: where it is (JSON path, line, column) and what is wrong.
package struct JobProblem: Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the value at fault, like `capture.interval.every` or `camera.device[1]`;
    /// empty for the whole file.
    package var path: String
    /// 1-based line, or 0 when the problem has no position (e.g. an unreadable file).
    package var line: Int
    /// 1-based column in Unicode scalars, or 0 when the problem has no position.
    package var column: Int
    /// What is wrong and, where it helps, how to fix it.
    package var message: String

    /// Creates a problem.
    package init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `12:5: capture.interval.every: MESSAGE`, leaving out the parts that are absent.
    package var description: String { formatted(file: nil) }

    /// The problem as one line, prefixed with `file` when given:
    /// `jobs/x.json:12:5: capture.interval.every: MESSAGE`.
    package func formatted(file: String?) -> String {
        var prefix: [String] = []
        if let file { prefix.append(file) }
        if line > 0 { prefix.append("\(line):\(column)") }
        var text = prefix.joined(separator: ":")
        if !text.isEmpty { text += ": " }
        if !path.isEmpty { text += path + ": " }
        return text + message
    }
}
