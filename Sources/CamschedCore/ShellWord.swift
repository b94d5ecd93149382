/// Text as one word for a POSIX shell: for commands camsched prints for people to read or paste
/// (a hook's command in its messages, `camsched catalog list --root …` after a run).
package enum ShellWord {
    /// Characters no POSIX shell splits on or expands.
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")

    /// `text` unchanged when it holds only safe characters, otherwise in single quotes (a `'`
    /// inside as `'\''`).
    package static func quoted(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ safe.contains($0) }) { return text }
        return "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
}
