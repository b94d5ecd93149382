extension Job {
    /// What camsched itself keeps in an output root, which a job's folder (`{job}`) must
    /// never be named like: the catalog and its companions (`catalog.sqlite-wal`, `-shm`,
    /// `-journal`, `.lock`, a rebuild's `.old-…`), the motion mask, and the suffixes recovery
    /// treats as camsched's own (`*.partial`, `*.remux`, `*.recovering`). Compared without
    /// regard to case: a FAT or exFAT card does not tell `Catalog.sqlite` from `catalog.sqlite`.
    package static let reservedNamePrefixes = ["catalog.sqlite"]
    package static let reservedNames = ["motion-mask.pgm"]
    package static let reservedNameSuffixes = [".partial", ".remux", ".recovering"]

    /// Why `name` cannot be a job's name because camsched keeps a file of that name under
    /// the output root, or `nil` when it can.
    package static func reservedNameProblem(_ name: String) -> String? {
        let lower = name.lowercased()
        let clash = reservedNamePrefixes.first { lower.hasPrefix($0) } ?? reservedNames.first { lower == $0 }
            ?? reservedNameSuffixes.first { lower.hasSuffix($0) }
        guard let clash else { return nil }
        return "is named like camsched's own files under output.root (\(clash)); the job's folder would collide with them — choose another name"
    }
}
