/// A hook from the job file: an argument list run directly, or a string run by `/bin/sh -c`.
public enum HookCommand: Sendable, Equatable, CustomStringConvertible {
    /// `["/usr/local/bin/upload", "--fast"]`: the first item is looked up in `PATH`.
    case arguments([String])
    /// `"upload \"$CAMSCHED_FILE\" && logger done"`: run by `/bin/sh -c`.
    case shell(String)

    /// The argument vector to execute.
    var argv: [String] {
        switch self {
        case .arguments(let arguments): return arguments
        case .shell(let script): return ["/bin/sh", "-c", script]
        }
    }

    public var description: String {
        switch self {
        case .arguments(let arguments): return arguments.joined(separator: " ")
        case .shell(let script): return "sh -c \(script)"
        }
    }
}
