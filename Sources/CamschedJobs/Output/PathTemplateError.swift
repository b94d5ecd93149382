/// Everything wrong with an output path template, one message per problem.
package struct PathTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, e.g. `unknown token "{jb}"; did you mean "{job}"?`.
    package var problems: [String]

    package var description: String { problems.joined(separator: "; ") }
}
