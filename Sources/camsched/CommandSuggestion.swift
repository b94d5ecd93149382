import ArgumentParser
import CamschedJobs

/// "did you mean …?" for a mistyped command (`camsched snapshto`), as job keys already get:
/// swift-argument-parser itself only says "Unexpected argument".
enum CommandSuggestion {
    /// The message for the first word of `arguments` that should name a subcommand of
    /// `command` (or of a subcommand it names) and does not; `nil` when every word does.
    static func problem(in arguments: [String], command: any ParsableCommand.Type) -> String? {
        var current = command
        var path = [command._commandName]
        for word in arguments {
            let subcommands = current.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { return nil }
            let names = subcommands.map { $0._commandName }
            guard let next = subcommands.first(where: { $0._commandName == word }) else {
                let visible = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
                var text = "\"\(word)\" is not a \(path.joined(separator: " ")) command"
                if let suggestion = NameSuggester.suggestion(for: word, among: names) {
                    text += "; did you mean \"\(suggestion)\"?"
                } else {
                    text += "; the commands are " + visible.joined(separator: ", ")
                }
                return text + " (see `\(path.joined(separator: " ")) --help`)"
            }
            current = next
            path.append(word)
        }
        return nil
    }
}
