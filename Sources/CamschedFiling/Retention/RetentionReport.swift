import CamschedCore

/// What one application of a ``RetentionPolicy`` did.
public struct RetentionReport: Sendable, Equatable {
    /// A file retention deleted, and the limit that made it go.
    public struct Deletion: Sendable, Equatable {
        /// The catalog row as it was before deletion.
        public var entry: CatalogEntry
        /// `maxAge`, `maxSize` or `minFree`.
        public var reason: String
    }

    /// The files deleted, oldest first.
    public var deleted: [Deletion] = []
    /// Files that should have gone but could not be deleted, with the error.
    public var failures: [String: String] = [:]
    /// Bytes of the deleted files (as catalogued).
    public var freedBytes: Int64 = 0
    /// Free bytes on the filesystem after applying `minFree`; `nil` when the policy has none.
    public var freeBytesAfter: Int64?
    /// `false` when `minFree` could not be reached even after deleting every file of the job.
    public var minFreeSatisfied = true
}
