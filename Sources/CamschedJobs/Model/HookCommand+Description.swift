import Foundation

extension HookCommand: CustomStringConvertible {
    /// The command as a person would type it in a shell: the argument list joined by spaces,
    /// each argument quoted where a shell would split or expand it; a shell string as written.
    /// This is what messages about a hook print (never Swift's `arguments([…])`).
    public var description: String {
        switch self {
        case .arguments(let arguments): arguments.map(Self.quoted).joined(separator: " ")
        case .shell(let text): text
        }
    }

    /// `text` as one word of a POSIX shell: unchanged when it holds only safe characters,
    /// otherwise in single quotes (a single quote inside as `'\''`).
    static func quoted(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
        if !text.isEmpty, text.allSatisfy({ safe.contains($0) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
