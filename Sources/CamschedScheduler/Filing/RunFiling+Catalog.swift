import CamschedFiling
import Foundation

extension RunFiling {
    /// How long the end of a run waits for catalog rows that could not be written yet while
    /// another process holds the catalog's lock; 1 s for a run that was stopped, 2 s when the
    /// catalog fails otherwise (full, read-only).
    static let catalogGrace: Duration = .seconds(30)

    /// Lets the catalog writer write the run's file rows — at most ``catalogGrace`` — before the
    /// run says it is done (``RunSummary``), so that a run never says "ok" while its rows are
    /// still on their way (a slow network root). What is left is written by the next start on
    /// the root (from the sidecars).
    /// - Returns: how many writes are left (0: every row is in the catalog).
    func drainCatalog() -> Int {
        guard let writer = catalogWriter else { return 0 }
        // A run stopped early (a signal, a full disk, pressure at shutdown) ends promptly.
        let grace: Duration = stop.isRequested ? .seconds(1) : Self.catalogGrace
        // The usual end (the last rows written within a second) says nothing; a wait that
        // goes on is worth a line.
        let quiet = min(grace, .seconds(1))
        var left = writer.drain(timeout: quiet)
        if left > 0, grace > quiet {
            logger.notice("waiting up to \((grace - quiet).components.seconds) s more for the catalog to take \(left) write(s)")
            // Only another process's lock is worth the long wait: a full disk or a read-only
            // catalog is not going to change in these seconds.
            left = writer.drain(timeout: .seconds(1))
            if left > 0, grace > .seconds(2), !writer.isStuck { left = writer.drain(timeout: grace - .seconds(2)) }
        }
        return left + writer.failedRows + writer.droppedRows
    }

    /// Writes what came after ``drainCatalog()`` (the run's own row, ended by the `done` event)
    /// for at most a second, then stops the writer, saying what it could not write.
    func finishCatalog() {
        guard let writer = catalogWriter else { return }
        let left = writer.drain(timeout: .seconds(1))
        writer.close()
        let lost = left + writer.droppedRows + writer.failedRows
        if !writer.isUnavailable, lost > 0 {
            logger.warning("\(lost) catalog write(s) of this run could not be made (the catalog was locked, full or unreadable); the files are filed with their sidecars, and the next start on \(root.path) (or `camsched catalog verify --repair --root \(root.path)`) adds their rows")
        }
    }
}
