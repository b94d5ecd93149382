/// What ``Catalog/rebuild(root:logger:)`` did.
public struct CatalogRebuildReport: Sendable, Equatable {
    /// `false` when another process had made a usable catalog in the meantime, so nothing
    /// was rebuilt.
    public var rebuilt = true
    /// The name (under the root) the old catalog was moved to, `catalog.sqlite.old-TIMESTAMP`;
    /// `nil` when there was none.
    public var movedAside: String?
    /// Rows made from sidecars.
    public var fromSidecars = 0
    /// Files without a sidecar adopted by probing them.
    public var adopted = 0
    /// Run rows written.
    public var runs = 0
    /// Problems met on the way (unreadable files, sidecars that do not decode).
    public var warnings: [String] = []

    /// Rows of files in the new catalog.
    public var files: Int { fromSidecars + adopted }
}
