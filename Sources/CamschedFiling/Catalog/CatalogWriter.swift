import CamschedCore
import Foundation
import Logging

/// Writes a run's catalog rows on a thread of its own, in the order they were handed over, so
/// that capture never waits for the catalog (SPEC section 5: capture never stops because of it).
///
/// A file is filed — final name, sidecar — before its row is handed over here; the row follows
/// when the catalog can take it. A write that fails for a reason that may pass (another process
/// holds the catalog's lock, the disk is full, an I/O error) is tried again after a pause of
/// 0.1 s growing to 2 s, while later rows wait behind it in memory. A catalog that can no
/// longer be read as one is set aside and rebuilt from the sidecars (see
/// ``CatalogStore/rebuildIfUnusable()``); after the catalog was rebuilt or replaced, files with a
/// sidecar but no row are adopted. The queue holds at most ``capacity`` operations: past it
/// the oldest file rows are dropped — their sidecars keep them, and the next start on the
/// root (or `catalog verify --repair`) adopts them.
///
/// A writer made ``init(opening:capacity:holdingRows:logger:warn:)`` with `holdingRows` (a
/// one-shot run: what a cron line runs) opens the catalog at once and adopts files while the
/// run captures, but writes no row until ``drain(timeout:)`` (the run's end) or a task needs
/// the catalog: then the rows waiting side by side — the run's start, its file, its end — go
/// in one transaction, flushed once.
///
/// A writer made with `pacingFileRows` (a time-lapse) keeps file rows waiting until the run
/// files its next still (``writeWaitingRows()``), ``RowPacing/rows`` wait, or the first has
/// waited ``RowPacing/seconds``: the rows' writes then land in the journal transaction that
/// still's flush commits, rather than costing ext4 a commit of their own between stills.
/// Unchecked: `condition` (an NSCondition, for the writer thread) guards the queue and flags.
package final class CatalogWriter: @unchecked Sendable {
    /// Opens the catalog, on the writer's thread (a rebuild or another process's lock at the
    /// start of a run delays rows, not the first shot).
    private let open: @Sendable () -> Catalog?
    /// Most operations waiting at once.
    package let capacity: Int
    /// Where warnings go; dropped at ``close()`` (it usually holds the run's event bus, whose
    /// subscribers hold this writer).
    private var warnSink: (@Sendable (String) -> Void)?
    private let logger: Logger?
    /// Guards everything below.
    let condition = NSCondition()
    var pending: [CatalogWriteOperation] = []
    /// How many of the first pending operations are being written.
    var inProgress = 0
    /// Rows wait until ``drain(timeout:)`` (see the type's notes).
    private var holding: Bool
    /// When file rows go (see the type's notes); guarded by `condition`.
    private var pacing: RowPacing?
    /// Whether rows side by side go in one transaction (a writer that held them).
    private let batching: Bool
    private var closed = false
    var dropped = 0
    var failed = 0
    var written = 0
    /// The failure being retried, as last reported.
    var problem: String?
    /// Whether that failure is another process's lock (rather than a full disk, a read-only
    /// catalog, an I/O error).
    var problemIsLock = false
    /// The catalog's reconnection count last seen: a change means rows may be missing.
    private var seenReconnections = 0
    /// Signalled when the thread ends.
    private let ended = DispatchSemaphore(value: 0)
    /// The catalog could not be opened: nothing is written (the opening said why).
    var unavailable = false

    /// Starts the writer's thread, which first opens the catalog with `open` (nil: there is
    /// none to write; operations are then dropped — the files keep their sidecars).
    /// - Parameters:
    ///   - holdingRows: write no row until ``drain(timeout:)`` or a task, then the rows
    ///     waiting side by side in one transaction (a one-shot run); adoption goes ahead.
    ///   - warn: how a warning reaches the user (the run's warning events); called on the
    ///     writer's thread, never while it holds its lock.
    ///   - pacingFileRows: file rows wait for the run's next still (see the type's notes).
    package init(opening open: @escaping @Sendable () -> Catalog?, capacity: Int = 10_000, holdingRows: Bool = false,
                pacingFileRows: Bool = false, logger: Logger?, warn: @escaping @Sendable (String) -> Void) {
        self.open = open
        self.capacity = max(1, capacity)
        holding = holdingRows
        pacing = pacingFileRows ? RowPacing() : nil
        batching = holdingRows || pacingFileRows
        self.logger = logger
        warnSink = warn
        let thread = Thread { [self] in loop() }
        thread.name = "camsched.catalog"
        thread.start()
    }

    /// A writer of a catalog already open.
    package convenience init(catalog: Catalog, capacity: Int = 10_000, holdingRows: Bool = false, pacingFileRows: Bool = false,
                            logger: Logger?, warn: @escaping @Sendable (String) -> Void) {
        self.init(opening: { catalog }, capacity: capacity, holdingRows: holdingRows, pacingFileRows: pacingFileRows,
                  logger: logger, warn: warn)
    }

    /// The run is about to flush a still: the file rows waiting go now, so that their writes
    /// share that flush's journal commit (see the type's notes). Returns at once.
    package func writeWaitingRows() {
        condition.lock()
        defer { condition.unlock() }
        guard pacing != nil, pending.contains(where: \.isFileRow) else { return }
        pacing?.released = true
        condition.broadcast()
    }

    /// Waits until the rows ``writeWaitingRows()`` let go are written, at most `timeout`:
    /// called just before the still is flushed, so that their writes are in its commit. Returns
    /// at once when nothing was let go or the writer is retrying a failure (a locked catalog).
    package func awaitRowsLetGo(timeout: Duration) {
        let deadline = Date().addingTimeInterval(Retention.seconds(timeout))
        condition.lock()
        defer { condition.unlock() }
        while pacing?.released == true || (pacing?.writing == true && problem == nil), !closed, Date() < deadline {
            _ = condition.wait(until: deadline)
        }
    }

    /// Hands an operation over; returns at once.
    package func enqueue(_ operation: CatalogWriteOperation) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else {
            dropped += 1
            return
        }
        if let key = operation.taskKey, pending.dropFirst(inProgress).contains(where: { $0.taskKey == key }) { return }
        pending.append(operation)
        if operation.isFileRow, pacing?.since == nil { pacing?.since = Date() }
        // A task (retention) works on the catalog as the rows before it left it: they go first.
        if operation.taskKey != nil { holding = false }
        if pending.count > capacity, let oldest = pending.indices.dropFirst(inProgress).first(where: { pending[$0].isFileRow }) {
            pending.remove(at: oldest)
            dropped += 1
        }
        condition.broadcast()
    }

    /// Waits until everything handed over is written, or `timeout` has passed (rows held
    /// are written now).
    /// - Returns: how many operations are still waiting (0: all written).
    @discardableResult
    package func drain(timeout: Duration) -> Int {
        let deadline = Date().addingTimeInterval(Retention.seconds(timeout))
        condition.lock()
        defer { condition.unlock() }
        holding = false
        pacing = nil
        condition.broadcast()
        while !pending.isEmpty, !closed, Date() < deadline { _ = condition.wait(until: deadline) }
        return pending.count
    }

    /// Stops the writer: what waits is dropped (the next start adopts those files from their
    /// sidecars). Waits up to `timeout` for the thread to end — an operation being tried
    /// finishes on its own — so that the catalog's connections can close (and SQLite fold its
    /// write-ahead log back into the database) when the run lets go of it.
    /// - Returns: how many operations were dropped.
    @discardableResult
    package func close(timeout: Duration = .seconds(2)) -> Int {
        condition.lock()
        let left = pending.count
        closed = true
        pending.removeAll()
        warnSink = nil
        condition.broadcast()
        condition.unlock()
        _ = ended.wait(timeout: .now() + Retention.seconds(timeout))
        return left
    }

    private func warn(_ message: String) {
        condition.lock()
        let sink = warnSink
        condition.unlock()
        sink?(message)
    }

    private func loop() {
        defer { ended.signal() }
        guard let catalog = open() else {
            condition.lock()
            unavailable = true
            closed = true
            pending.removeAll()
            warnSink = nil
            condition.broadcast()
            condition.unlock()
            return
        }
        condition.lock()
        seenReconnections = catalog.store.reconnections
        condition.unlock()
        // Held rows are written in one go at the end: their statements are compiled now.
        if batching { catalog.store.prepareRowStatements() }
        var pause = Backoff(first: .milliseconds(100), longest: .seconds(2))
        while let batch = next() {
            var failure: CatalogError?
            do { try perform(batch, on: catalog) } catch { failure = error }
            let label = batch.count == 1 ? batch[0].label : "\(batch.count) rows (\(batch.map(\.label).joined(separator: ", ")))"
            logger?.debug("catalog write of \(label): \(failure.map { "\($0)" } ?? "done")")
            if let error = failure, CatalogWriteOperation.isTransient(error) {
                if !error.isBusy, !error.isFull { _ = try? catalog.store.rebuildIfUnusable() }
                retryLater(batch[0], error: error, pause: pause.nextSeconds())
                continue
            }
            pause.reset()
            if failure != nil, batch.count > 1 {
                // One row SQLite refuses for good: the others go one by one, and only it is lost.
                for operation in batch {
                    var single: CatalogError?
                    do { try operation.perform(on: catalog) } catch { single = error }
                    finished(1, label: operation.label, failure: single, reconnections: catalog.store.reconnections)
                }
                continue
            }
            finished(batch.count, label: label, failure: failure, reconnections: catalog.store.reconnections)
        }
    }

    /// One operation as itself, several rows in one transaction.
    private func perform(_ batch: [CatalogWriteOperation], on catalog: Catalog) throws(CatalogError) {
        if batch.count == 1 { try batch[0].perform(on: catalog) } else { try catalog.store.write(rows: batch) }
        condition.lock()
        let letGo = pacing?.writing == true
        let firstLetGo = letGo && pacing?.indexWrittenBack == false
        if firstLetGo { pacing?.indexWrittenBack = true }
        condition.unlock()
        // Rows a still waits for: the log's new blocks are allocated now, in that still's commit,
        // rather than by the page cache's write-back 30 s later, in a commit of their own; so
        // are the index's, once (SQLite cuts it back when a process first opens it).
        if letGo { FilingCall.writeBack(path: catalog.url.path + "-wal") }
        if firstLetGo { FilingCall.writeBack(path: catalog.url.path + "-shm") }
    }

    /// The next operations to try, marked in progress: the first one, with the rows right
    /// behind it when this writer batches; nil once closed.
    private func next() -> [CatalogWriteOperation]? {
        condition.lock()
        defer { condition.unlock() }
        // Held rows wait; what is not a row (adoption at the start) goes ahead of them.
        while !closed {
            guard let first = pending.first, !(holding && first.isRow) else {
                condition.wait()
                continue
            }
            guard let until = pacing?.waitsUntil(pending) else { break }
            _ = condition.wait(until: until)
        }
        guard !closed, let first = pending.first else { return nil }
        if first.isFileRow { pacing?.taken() }
        var batch = [first]
        if batching, first.isRow {
            batch += pending.dropFirst().prefix { $0.isRow }.prefix(Self.batchRows - 1)
        }
        inProgress = batch.count
        return batch
    }

    /// Most rows in one transaction.
    static let batchRows = 1_000

    private func retryLater(_ operation: CatalogWriteOperation, error: CatalogError, pause: Double) {
        condition.lock()
        // Still in progress during the pause: a full queue must not drop the row being retried.
        let waiting = pending.count
        let first = problem == nil
        problem = error.description
        problemIsLock = error.isBusy
        if !closed { _ = condition.wait(until: Date().addingTimeInterval(pause)) }
        condition.unlock()
        if first {
            warn("the catalog cannot take \(operation.label) now (\(error)); \(waiting) catalog write(s) wait and are retried, capture goes on")
        }
    }

    private func finished(_ count: Int, label: String, failure: CatalogError?, reconnections: Int) {
        condition.lock()
        inProgress = max(0, inProgress - count)
        pacing?.writing = false
        if failure == nil { written += 1 } else { failed += count }
        if !closed { pending.removeFirst(min(count, pending.count)) }
        let recovered = problem != nil
        problem = nil
        if reconnections != seenReconnections, !closed {
            seenReconnections = reconnections
            pending.insert(.adoptFilesWithSidecars, at: 0)
        }
        let waiting = pending.count
        condition.broadcast()
        condition.unlock()
        if let failure {
            warn("\(label) could not be written to the catalog (\(failure)); `camsched catalog verify --repair` adds a file's row from its sidecar")
        } else if recovered {
            logger?.notice("the catalog takes writes again; \(waiting) more waiting")
        }
    }
}
