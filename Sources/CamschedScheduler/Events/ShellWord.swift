import Foundation

/// Text as one word for a POSIX shell, for commands camsched prints for people to paste.
public enum ShellWord {
    /// `text` as it is when it needs no quoting, else in single quotes (a `'` inside as `'\''`).
    public static func quoted(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "/._-+:@%,=".unicodeScalars.contains($0)
        }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
