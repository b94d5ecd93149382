import Foundation

/// One write a ``CatalogWriter`` makes for a run: a file's row, the run's row, adopting files
/// whose rows are missing, or a pass of work that needs the catalog (retention).
package enum CatalogWriteOperation: Sendable {
    /// A filed file's row (see ``CatalogFiles/record(_:recordedAt:)``).
    case record(Sidecar)
    /// The run's row at its start.
    case beginRun(CatalogRun)
    /// The run's row at its end.
    case endRun(id: String, endedAt: Date, status: CatalogRun.Status, exitCode: Int)
    /// Rows for the files under the root that have a sidecar but no row (filed while the
    /// catalog could not take them, or by a run that ended before its rows were written).
    case adoptFilesWithSidecars
    /// The same at a run's start, leaving out the files of `currentRun`: their rows are queued
    /// behind it, and a still filed before the catalog opened (a cron run's one still, often)
    /// was adopted from its sidecar, logged as such, then recorded again. `files`: the root's
    /// files as the run's start listed them (its recovery walked the root and changed
    /// nothing), so that a start walks its root once; nil: walk it.
    case adoptFilesOfEarlierRuns(currentRun: String, files: [String]? = nil)
    /// Work that reads and writes the catalog, such as a retention pass. `key` names it: a
    /// task is not queued again while one with the same key waits.
    case task(key: String, body: @Sendable (Catalog) throws -> Void)

    /// Carries it out.
    func perform(on catalog: Catalog) throws(CatalogError) {
        switch self {
        case let .record(sidecar):
            try catalog.files.record(sidecar)
        case let .beginRun(run):
            try catalog.runs.begin(id: run.id, job: run.job, startedAt: run.startedAt, host: run.host, pid: run.pid)
        case let .endRun(id, endedAt, status, exitCode):
            try catalog.runs.end(id: id, endedAt: endedAt, status: status, exitCode: exitCode)
        case .adoptFilesWithSidecars:
            try catalog.maintenance.adoptFilesWithSidecars()
        case let .adoptFilesOfEarlierRuns(currentRun, files):
            try catalog.maintenance.adoptFilesWithSidecars(excludingRun: currentRun, files: files)
        case let .task(_, body):
            do { try body(catalog) } catch { throw CatalogError.wrap(error, path: catalog.url.path) }
        }
    }

    /// What it is, for a warning.
    var label: String {
        switch self {
        case let .record(sidecar): return "the row of \(sidecar.file)"
        case let .beginRun(run): return "the start of run \(run.id)"
        case let .endRun(id, _, _, _): return "the end of run \(id)"
        case .adoptFilesWithSidecars, .adoptFilesOfEarlierRuns: return "the rows of files with sidecars"
        case let .task(key, _): return "the \(key) pass"
        }
    }

    /// A file's or a run's row: what ``CatalogStore/write(rows:recordedAt:)`` takes, several in one transaction.
    var isRow: Bool {
        switch self {
        case .record, .beginRun, .endRun: return true
        case .adoptFilesWithSidecars, .adoptFilesOfEarlierRuns, .task: return false
        }
    }

    /// Whether it is the end of run `id`.
    func endsRun(_ id: String) -> Bool {
        if case let .endRun(ended, _, _, _) = self { return ended == id }
        return false
    }

    /// A run's row, which no sidecar holds: its transaction is flushed before it returns.
    var isRunRow: Bool {
        switch self {
        case .beginRun, .endRun: return true
        case .record, .adoptFilesWithSidecars, .adoptFilesOfEarlierRuns, .task: return false
        }
    }

    /// A file's row: what the queue drops first when it is full (the sidecar keeps it).
    var isFileRow: Bool {
        if case .record = self { return true }
        return false
    }

    var taskKey: String? {
        if case let .task(key, _) = self { return key }
        return nil
    }

    /// Whether a failure may go away by itself: the catalog busy (another process holds its
    /// lock), the disk full, an I/O error, a file being replaced. A row that SQLite refuses
    /// (a constraint, a value too big) or a sidecar that cannot be encoded never will.
    static func isTransient(_ error: CatalogError) -> Bool {
        switch error {
        case let .database(_, code, _):
            return ![18, 19, 20, 25].contains(code & 0xff)
        case .filing, .missing:
            return true
        case .sidecar, .notFound:
            return false
        }
    }
}
