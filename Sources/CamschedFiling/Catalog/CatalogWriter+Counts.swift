import Foundation

/// What the writer has done so far, for the run's summary and status.
extension CatalogWriter {
    /// Whether the catalog could not be opened (the run goes on without it).
    package var isUnavailable: Bool {
        condition.lock()
        defer { condition.unlock() }
        return unavailable
    }

    /// Operations not written yet (the one being tried included).
    package var backlog: Int {
        condition.lock()
        defer { condition.unlock() }
        return pending.count
    }

    /// Writes made so far, each its own transaction: an operation, or rows written together.
    package var transactions: Int {
        condition.lock()
        defer { condition.unlock() }
        return written
    }

    /// Writes SQLite refused for good so far (each warned about when it failed).
    package var failedRows: Int {
        condition.lock()
        defer { condition.unlock() }
        return failed
    }

    /// File rows dropped so far (queue full, or handed over after ``close()``).
    package var droppedRows: Int {
        condition.lock()
        defer { condition.unlock() }
        return dropped
    }

    /// Whether the writer is retrying after a failure that is not a lock held by another
    /// process (a full disk, a read-only catalog or filesystem, an I/O error): waiting longer
    /// rarely helps then.
    package var isStuck: Bool {
        condition.lock()
        defer { condition.unlock() }
        return problem != nil && !problemIsLock
    }
}
