/// Why a job file was refused: every problem found in it, in file order.
package struct JobFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it (e.g. `jobs/x.json`), or `nil` for data not from a file.
    package var file: String?
    /// The problems, sorted by line and column.
    package var problems: [JobProblem]

    /// Creates an error.
    package init(file: String?, problems: [JobProblem]) {
        self.file = file
        self.problems = problems
    }

    /// One line per problem:
    /// `jobs/x.json:12:5: capture.interval.every: "10 s" is not a duration; use …`.
    package var description: String {
        problems.map { $0.formatted(file: file) }.joined(separator: "\n")
    }
}
