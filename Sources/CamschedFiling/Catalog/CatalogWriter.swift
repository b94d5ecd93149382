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
/// ``Catalog/rebuildIfUnusable()``); after the catalog was rebuilt or replaced, files with a
/// sidecar but no row are adopted. The queue holds at most ``capacity`` operations: past it
/// the oldest file rows are dropped — their sidecars keep them, and the next start on the
/// root (or `catalog verify --repair`) adopts them.
/// Unchecked: `condition` (an NSCondition, for the writer thread) guards the queue and flags.
public final class CatalogWriter: @unchecked Sendable {
    /// Opens the catalog, on the writer's thread (a rebuild or another process's lock at the
    /// start of a run delays rows, not the first shot).
    private let open: @Sendable () -> Catalog?
    /// Most operations waiting at once.
    public let capacity: Int
    /// Where warnings go; dropped at ``close()`` (it usually holds the run's event bus, whose
    /// subscribers hold this writer).
    private var warnSink: (@Sendable (String) -> Void)?
    private let logger: Logger?
    /// Guards everything below.
    private let condition = NSCondition()
    private var pending: [CatalogWriteOperation] = []
    private var inProgress = false
    private var closed = false
    private var dropped = 0
    /// The failure being retried, as last reported.
    private var problem: String?
    /// Whether that failure is another process's lock (rather than a full disk, a read-only
    /// catalog, an I/O error).
    private var problemIsLock = false
    /// The catalog's reconnection count last seen: a change means rows may be missing.
    private var seenReconnections = 0
    /// Signalled when the thread ends.
    private let ended = DispatchSemaphore(value: 0)
    /// The catalog could not be opened: nothing is written (the opening said why).
    private var unavailable = false

    /// Starts the writer's thread, which first opens the catalog with `open` (nil: there is
    /// none to write; operations are then dropped — the files keep their sidecars).
    /// - Parameters:
    ///   - warn: how a warning reaches the user (the run's warning events); called on the
    ///     writer's thread, never while it holds its lock.
    public init(opening open: @escaping @Sendable () -> Catalog?, capacity: Int = 10_000, logger: Logger?,
                warn: @escaping @Sendable (String) -> Void) {
        self.open = open
        self.capacity = max(1, capacity)
        self.logger = logger
        warnSink = warn
        let thread = Thread { [self] in loop() }
        thread.name = "camsched.catalog"
        thread.start()
    }

    /// A writer of a catalog already open.
    public convenience init(catalog: Catalog, capacity: Int = 10_000, logger: Logger?, warn: @escaping @Sendable (String) -> Void) {
        self.init(opening: { catalog }, capacity: capacity, logger: logger, warn: warn)
    }

    /// Whether the catalog could not be opened (the run goes on without it).
    public var isUnavailable: Bool {
        condition.lock()
        defer { condition.unlock() }
        return unavailable
    }

    /// Hands an operation over; returns at once.
    public func enqueue(_ operation: CatalogWriteOperation) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else {
            dropped += 1
            return
        }
        if let key = operation.taskKey, pending.dropFirst(inProgress ? 1 : 0).contains(where: { $0.taskKey == key }) { return }
        pending.append(operation)
        if pending.count > capacity, let oldest = pending.indices.dropFirst(inProgress ? 1 : 0).first(where: { pending[$0].isFileRow }) {
            pending.remove(at: oldest)
            dropped += 1
        }
        condition.broadcast()
    }

    /// Operations not written yet (the one being tried included).
    public var backlog: Int {
        condition.lock()
        defer { condition.unlock() }
        return pending.count
    }

    /// File rows dropped so far (queue full, or handed over after ``close()``).
    public var droppedRows: Int {
        condition.lock()
        defer { condition.unlock() }
        return dropped
    }

    /// Whether the writer is retrying after a failure that is not a lock held by another
    /// process (a full disk, a read-only catalog or filesystem, an I/O error): waiting longer
    /// rarely helps then.
    public var isStuck: Bool {
        condition.lock()
        defer { condition.unlock() }
        return problem != nil && !problemIsLock
    }

    /// Waits until everything handed over is written, or `timeout` has passed.
    /// - Returns: how many operations are still waiting (0: all written).
    @discardableResult
    public func drain(timeout: Duration) -> Int {
        let deadline = Date().addingTimeInterval(Retention.seconds(timeout))
        condition.lock()
        defer { condition.unlock() }
        while !pending.isEmpty, !closed, Date() < deadline { _ = condition.wait(until: deadline) }
        return pending.count
    }

    /// Stops the writer: what waits is dropped (the next start adopts those files from their
    /// sidecars). Waits up to `timeout` for the thread to end — an operation being tried
    /// finishes on its own — so that the catalog's connections can close (and SQLite fold its
    /// write-ahead log back into the database) when the run lets go of it.
    /// - Returns: how many operations were dropped.
    @discardableResult
    public func close(timeout: Duration = .seconds(2)) -> Int {
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
        seenReconnections = catalog.reconnections
        condition.unlock()
        var pause = 0.1
        while let operation = next() {
            var failure: CatalogError?
            do { try operation.perform(on: catalog) } catch { failure = error }
            logger?.debug("catalog write of \(operation.label): \(failure.map { "\($0)" } ?? "done")")
            if let error = failure, CatalogWriteOperation.isTransient(error) {
                if !error.isBusy, !error.isFull { _ = try? catalog.rebuildIfUnusable() }
                retryLater(operation, error: error, pause: pause)
                pause = min(pause * 2, 2)
                continue
            }
            pause = 0.1
            finished(operation, failure: failure, reconnections: catalog.reconnections)
        }
    }

    /// The next operation to try, marked in progress; nil once closed.
    private func next() -> CatalogWriteOperation? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty, !closed { condition.wait() }
        guard !closed, let first = pending.first else { return nil }
        inProgress = true
        return first
    }

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

    private func finished(_ operation: CatalogWriteOperation, failure: CatalogError?, reconnections: Int) {
        condition.lock()
        inProgress = false
        if !closed, !pending.isEmpty { pending.removeFirst() }
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
            warn("\(operation.label) could not be written to the catalog (\(failure)); `camsched catalog verify --repair` adds a file's row from its sidecar")
        } else if recovered {
            logger?.notice("the catalog takes writes again; \(waiting) more waiting")
        }
    }
}
