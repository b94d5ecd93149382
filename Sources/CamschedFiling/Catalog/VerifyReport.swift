/// What `camsched catalog verify` found: catalogued files that are missing or changed,
/// and files under the root that the catalog does not know.
public struct VerifyReport: Sendable, Equatable {
    /// A catalogued file whose size or content differs from what was recorded.
    public struct Mismatch: Sendable, Equatable {
        /// The catalog row.
        public var entry: CatalogEntry
        /// The size on disk.
        public var actualBytes: Int64
        /// The SHA-256 on disk; `nil` when only the size was compared (it already differed,
        /// or hashes were not checked).
        public var actualSHA256: String?
    }

    /// How many catalogued (not deleted) files were checked.
    public var checked = 0
    /// Catalogued files that are not on disk.
    public var missing: [CatalogEntry] = []
    /// Catalogued files whose size or SHA-256 differs.
    public var mismatched: [Mismatch] = []
    /// Files under the root that the catalog does not know, relative to the root.
    public var unknownFiles: [String] = []
    /// `*.partial` files no process is writing (left by a killed process): recover them
    /// with ``PartialRecovery`` (`catalog verify --repair`).
    public var stalePartials: [String] = []
    /// `*.partial` files that a running camsched is writing now; not a problem.
    public var partialsInUse: [String] = []
    /// Files that could not be read, with the reason.
    public var unreadable: [String: String] = [:]

    /// `true` when nothing is wrong: no missing, changed, unknown or unreadable file and no
    /// stale partial. Partial files in use do not count.
    public var isClean: Bool {
        missing.isEmpty && mismatched.isEmpty && unknownFiles.isEmpty && stalePartials.isEmpty && unreadable.isEmpty
    }
}
