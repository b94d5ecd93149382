import Foundation

/// When a time-lapse's file rows are written (``CatalogWriter``'s `pacingFileRows`): together,
/// just as the run's next still is filed, so that SQLite's writes to the log and its index —
/// which change those files' times, and so ext4's metadata — fall into the journal transaction
/// that still's one flush commits (see `Documentation/performance.md`, "A still in one journal
/// commit"). Left to be written as each still was announced, they would change metadata right
/// after its commit, and at intervals over ext4's 5 s commit time every still would cost a
/// second commit. A row is written after its still is on disk either way; the catalog is
/// derived data, and the rows a power cut takes are adopted from the sidecars at the next
/// start. The still's filing tells the writer's thread to go before it encodes, and waits for
/// it (at most 50 ms, not at all while the writer retries a locked catalog) only just before
/// it writes the still.
struct RowPacing {
    /// Longest a row waits when no still follows (a long interval, a stalled camera).
    static let seconds: TimeInterval = 60
    /// Most rows waiting at once.
    static let rows = 100

    /// When the first file row now waiting was handed over.
    var since: Date?
    /// Whether the rows waiting were let go (the next still is being filed).
    var released = false
    /// Whether the rows let go are being written (the still's flush waits for them, briefly).
    var writing = false
    /// Whether the log's index was written back once (``CatalogWriter`` does it with the first
    /// rows let go: its blocks are allocated then, in a still's commit).
    var indexWrittenBack = false

    /// Until when the first of `pending` waits; `nil` when it goes now: it is not a file row,
    /// the rows were let go, something else waits behind them (the run's end, a task), there
    /// are ``rows`` of them, or the first has waited ``seconds``.
    func waitsUntil(_ pending: [CatalogWriteOperation]) -> Date? {
        guard let first = pending.first, first.isFileRow, !released, pending.count < Self.rows,
              pending.allSatisfy(\.isFileRow), let since else { return nil }
        let until = since.addingTimeInterval(Self.seconds)
        return until > Date() ? until : nil
    }

    /// The rows waiting were taken to be written.
    mutating func taken() {
        since = nil
        writing = released
        released = false
    }
}
