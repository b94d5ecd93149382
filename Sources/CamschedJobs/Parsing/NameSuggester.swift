/// Finds the closest of a set of known names to a misspelt one ("did you mean …?").
package enum NameSuggester {
    /// Texts longer than this (in bytes) get no suggestion.
    package static let maximumLength = 64

    /// The known name nearest to `name` by edit distance (case-insensitive), if it is close
    /// enough to be a plausible typo: at most 2 edits, or a third of the name's length.
    package static func suggestion(for name: String, among candidates: [String]) -> String? {
        // Names are short; a long text is no typo, and the edit distance is quadratic.
        guard name.utf8.count <= maximumLength else { return nil }
        let lowered = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        guard let best else { return nil }
        let limit = max(2, name.count / 3)
        return best.distance <= limit && best.distance < max(name.count, 1) ? best.name : nil
    }

    /// Levenshtein distance, with an adjacent transposition counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
