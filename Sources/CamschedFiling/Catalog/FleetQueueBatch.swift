import Foundation

/// Rows of the local catalog waiting for the fleet catalog (see ``Catalog/fleetBatch(limit:)``).
public struct FleetQueueBatch: Sendable {
    /// A queued file row.
    public struct File: Sendable {
        /// The queue entry, removed once sent.
        public var seq: Int64
        /// The node the row belongs to.
        public var node: String
        /// The row as it is now.
        public var entry: CatalogEntry
    }

    /// A queued run row.
    public struct Run: Sendable {
        /// The queue entry, removed once sent.
        public var seq: Int64
        /// The node the row belongs to.
        public var node: String
        /// The row as it is now.
        public var run: CatalogRun
    }

    /// Files to send, oldest change first.
    public var files: [File] = []
    /// Runs to send, oldest change first.
    public var runs: [Run] = []
    /// Entries whose row is gone (forgotten by retention): removed without sending.
    public var stale: [Int64] = []

    /// Whether there is nothing to do.
    public var isEmpty: Bool { files.isEmpty && runs.isEmpty && stale.isEmpty }

    /// Every entry of the batch, for ``Catalog/markFleetSent(_:)`` once sent.
    public var seqs: [Int64] { files.map(\.seq) + runs.map(\.seq) + stale }
}

/// What waits in a root's queue for the fleet catalog.
public struct FleetBacklog: Sendable, Equatable {
    /// Queued rows, files and runs.
    public var rows = 0
    /// Queued file rows per run id.
    public var filesByRun: [String: Int] = [:]
    /// Run ids whose run row is queued.
    public var runs: Set<String> = []

    /// Creates an empty backlog.
    public init() {}
}
