/// A command line in the plain forms a cron line or a script writes, read without
/// swift-argument-parser (whose first use walks every protocol conformance record of the static
/// binary, most of a one-shot command's start): `run` and `snapshot` read their usual forms with
/// it (``RunArguments``, ``SnapshotArguments``) and leave everything else to the parser.
///
/// Each option at most once, as `--name value` or `--name=value`; a flag takes no value; a value
/// that looks like an option is left to swift-argument-parser's rules.
struct PlainOptions {
    /// The words that are not options, in order.
    var positional: [String] = []
    /// Each option's name (after `aliases`) and value, in order; flags have no value.
    var options: [(name: String, value: String?)] = []

    /// Nil when an option repeats, a flag has a value or an option's value is missing.
    init?(_ words: ArraySlice<String>, flags: Set<String>, aliases: [String: String] = [:]) {
        var seen = Set<String>()
        var rest = words
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else {
                positional.append(word)
                continue
            }
            var name = word
            var value: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            }
            name = aliases[name] ?? name
            guard seen.insert(name).inserted else { return nil }
            if flags.contains(name) {
                guard value == nil else { return nil }
            } else if value == nil {
                guard let next = rest.popFirst(), !next.hasPrefix("-") else { return nil }
                value = next
            }
            options.append((name, value))
        }
    }
}
