/// What ``Catalog/rebuild(root:logger:)`` did.
package struct CatalogRebuildReport: Sendable, Equatable {
    /// `false` when another process had made a usable catalog in the meantime, so nothing
    /// was rebuilt.
    package var rebuilt = true
    /// The name (under the root) the old catalog was moved to, `catalog.sqlite.old-TIMESTAMP`;
    /// `nil` when there was none.
    package var movedAside: String?
    /// Rows made from sidecars.
    package var fromSidecars = 0
    /// Files without a sidecar adopted by probing them.
    package var adopted = 0
    /// Run rows written.
    package var runs = 0
    /// Problems met on the way (unreadable files, sidecars that do not decode).
    package var warnings: [String] = []

    /// Rows of files in the new catalog.
    package var files: Int { fromSidecars + adopted }
}
