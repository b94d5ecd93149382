/// A command run on an event: an argument list run directly, or a string run by `/bin/sh -c`.
package enum HookCommand: Sendable, Equatable {
    /// `["/usr/local/bin/upload", "--fast"]`: executable and arguments, no shell.
    case arguments([String])
    /// `"upload \"$CAMSCHED_FILE\""`: run by `/bin/sh -c`.
    case shell(String)

    /// The argument vector to execute: the list itself, or `["/bin/sh", "-c", text]`.
    package var argv: [String] {
        switch self {
        case .arguments(let arguments): arguments
        case .shell(let text): ["/bin/sh", "-c", text]
        }
    }
}
