extension String {
    /// The text without leading and trailing spaces and tabs: Unicode's space separators
    /// (category Zs), U+0009 and U+200B (zero width space) — the set of Foundation's
    /// `trimmingCharacters(in: .whitespaces)`, scalar for scalar.
    ///
    /// In Swift rather than Foundation's: that one goes through `NSString`, whose generic
    /// string code made the runtime walk every conformance record of the binary three times in
    /// each `camsched run` (Documentation/performance.md, "The cron path, fifth pass").
    package var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isSpace($0) }),
              let last = scalars.lastIndex(where: { !Self.isSpace($0) }) else { return "" }
        return String(Substring(scalars[first...last]))
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }
}
