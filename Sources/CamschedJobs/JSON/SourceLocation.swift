/// A position in a job file: 1-based line and column, the column counted in Unicode scalars.
///
/// Line 0 means "no position" (for example, a file that could not be read).
package struct SourceLocation: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// 1-based line number, or 0 when there is no position.
    package var line: Int
    /// 1-based column, counted in Unicode scalars (a tab counts as one).
    package var column: Int

    /// Creates a location.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// No position in the file.
    package static let none = SourceLocation(line: 0, column: 0)

    package static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    package var description: String { "\(line):\(column)" }
}
