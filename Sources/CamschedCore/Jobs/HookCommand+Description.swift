extension HookCommand: CustomStringConvertible {
    /// The command as a person would type it in a shell: the argument list joined by spaces,
    /// each argument quoted where a shell would split or expand it; a shell string as written.
    /// This is what messages about a hook print (never Swift's `arguments([…])`).
    package var description: String {
        switch self {
        case .arguments(let arguments): arguments.map(ShellWord.quoted).joined(separator: " ")
        case .shell(let text): text
        }
    }
}
