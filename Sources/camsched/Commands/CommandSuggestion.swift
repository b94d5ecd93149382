import ArgumentParser
import CamschedJobs

/// "did you mean …?" for a mistyped command (`camsched snapshto`), as job keys already get:
/// swift-argument-parser itself only says "Unexpected argument".
enum CommandSuggestion {
    /// The message for the first word of `arguments` that should name a subcommand of
    /// `command` (or of a subcommand it names) and does not; `nil` when every word does.
    /// `help` is looked through: `camsched help snapsot` is as unknown as `camsched snapsot`
    /// (swift-argument-parser would print the top-level help and exit 0).
    static func problem(in arguments: [String], command: any ParsableCommand.Type) -> String? {
        var current = command
        var path = [command._commandName]
        for word in arguments {
            let subcommands = current.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            if word == "help" { continue }
            let names = subcommands.map { $0._commandName }
            guard let next = subcommands.first(where: { $0._commandName == word }) else {
                let visible = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
                var text = "\"\(word)\" is not a \(path.joined(separator: " ")) command"
                if let suggestion = NameSuggester.suggestion(for: word, among: names) {
                    text += "; did you mean \"\(suggestion)\"?"
                } else {
                    text += "; the commands are " + visible.joined(separator: ", ")
                }
                let help = path.count > 1 ? "camsched help " + path.dropFirst().joined(separator: " ") : "camsched --help"
                return text + " (see `\(help)`)"
            }
            current = next
            path.append(word)
        }
        return nil
    }

    /// The names of the subcommands that `arguments` select, from the root: `["camsched", "catalog",
    /// "list"]` for `catalog list --json`. Stops at the first word that is not a subcommand.
    static func commandPath(of arguments: [String], command: any ParsableCommand.Type) -> [String] {
        var current = command
        var path = [command._commandName]
        for word in arguments where word != "help" {
            guard let next = current.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            current = next
            path.append(word)
        }
        return path
    }
}
