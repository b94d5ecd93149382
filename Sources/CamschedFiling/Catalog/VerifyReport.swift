/// What `camsched catalog verify` found: catalogued files that are missing or changed,
/// and files under the root that the catalog does not know.
package struct VerifyReport: Sendable, Equatable {
    /// A catalogued file whose size or content differs from what was recorded.
    package struct Mismatch: Sendable, Equatable {
        /// The catalog row.
        package var entry: CatalogEntry
        /// The size on disk.
        package var actualBytes: Int64
        /// The SHA-256 on disk; `nil` when only the size was compared (it already differed,
        /// or hashes were not checked).
        package var actualSHA256: String?
    }

    /// How many catalogued (not deleted) files were checked.
    package var checked = 0
    /// Catalogued files that are not on disk.
    package var missing: [CatalogEntry] = []
    /// Catalogued files whose size or SHA-256 differs.
    package var mismatched: [Mismatch] = []
    /// Files under the root that the catalog does not know, relative to the root.
    package var unknownFiles: [String] = []
    /// `*.partial` files no process is writing (left by a killed process): recover them
    /// with ``PartialRecovery`` (`catalog verify --repair`).
    package var stalePartials: [String] = []
    /// `*.partial` files that a running camsched is writing now; not a problem.
    package var partialsInUse: [String] = []
    /// Files that could not be read, with the reason.
    package var unreadable: [String: String] = [:]

    /// `true` when nothing is wrong: no missing, changed, unknown or unreadable file and no
    /// stale partial. Partial files in use do not count.
    package var isClean: Bool {
        missing.isEmpty && mismatched.isEmpty && unknownFiles.isEmpty && stalePartials.isEmpty && unreadable.isEmpty
    }
}
