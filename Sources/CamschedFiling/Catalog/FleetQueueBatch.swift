import Foundation

/// Rows of the local catalog waiting for the fleet catalog (see ``CatalogFleetQueue/batch(limit:)``).
package struct FleetQueueBatch: Sendable {
    /// A queued file row.
    package struct File: Sendable {
        /// The queue entry, removed once sent.
        package var seq: Int64
        /// The node the row belongs to.
        package var node: String
        /// The row as it is now.
        package var entry: CatalogEntry
    }

    /// A queued run row.
    package struct Run: Sendable {
        /// The queue entry, removed once sent.
        package var seq: Int64
        /// The node the row belongs to.
        package var node: String
        /// The row as it is now.
        package var run: CatalogRun
    }

    /// Files to send, oldest change first.
    package var files: [File] = []
    /// Runs to send, oldest change first.
    package var runs: [Run] = []
    /// Entries whose row is gone (forgotten by retention): removed without sending.
    package var stale: [Int64] = []

    /// Whether there is nothing to do.
    package var isEmpty: Bool { files.isEmpty && runs.isEmpty && stale.isEmpty }

    /// Every entry of the batch, for ``CatalogFleetQueue/markSent(_:)`` once sent.
    package var seqs: [Int64] { files.map(\.seq) + runs.map(\.seq) + stale }
}

/// What waits in a root's queue for the fleet catalog.
package struct FleetBacklog: Sendable, Equatable {
    /// Queued rows, files and runs.
    package var rows = 0
    /// Queued file rows per run id.
    package var filesByRun: [String: Int] = [:]
    /// Run ids whose run row is queued.
    package var runs: Set<String> = []

    /// Creates an empty backlog.
    package init() {}
}
