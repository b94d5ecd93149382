/// Everything wrong with an output path template, one message per problem.
public struct PathTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, e.g. `unknown token "{jb}"; did you mean "{job}"?`.
    public var problems: [String]

    public var description: String { problems.joined(separator: "; ") }
}
