import CamschedCore

/// What one application of a ``RetentionPolicy`` did.
package struct RetentionReport: Sendable, Equatable {
    /// A file retention deleted, and the limit that made it go.
    package struct Deletion: Sendable, Equatable {
        /// The catalog row as it was before deletion.
        package var entry: CatalogEntry
        /// `maxAge`, `maxSize` or `minFree`.
        package var reason: String
    }

    /// The files deleted, oldest first.
    package var deleted: [Deletion] = []
    /// Files that should have gone but could not be deleted, with the error.
    package var failures: [String: String] = [:]
    /// Bytes of the deleted files (as catalogued).
    package var freedBytes: Int64 = 0
    /// Free bytes on the filesystem after applying `minFree`; `nil` when the policy has none.
    package var freeBytesAfter: Int64?
    /// `false` when `minFree` could not be reached even after deleting every file of the job.
    package var minFreeSatisfied = true
}
