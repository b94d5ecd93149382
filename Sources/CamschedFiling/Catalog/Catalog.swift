import Foundation
import Logging

/// The SQLite catalog of an output root, `ROOT/catalog.sqlite`: one row per filed file and
/// one per run. A thin way in: it opens the ``CatalogStore`` (the connection, transactions and
/// schema) and hands out the concepts kept in it — ``files``, ``runs``, ``fleetQueue`` and
/// ``maintenance`` — which callers hold as they need.
///
/// The catalog is derived data — the sidecars are the truth — so it can always be rebuilt
/// (``rebuild(root:logger:)``, ``openOrRebuild(root:logger:busyTimeout:rootWasEmpty:)``).
package struct Catalog: Sendable {
    /// The file name of the catalog under the root.
    package static let fileName = "catalog.sqlite"

    /// The database the concepts share.
    package let store: CatalogStore

    init(store: CatalogStore) {
        self.store = store
    }

    /// Opens the catalog of an output root and brings its schema up to date; creates it (and
    /// the root) if missing. See ``openOrRebuild(root:logger:busyTimeout:rootWasEmpty:)`` for
    /// what a run uses.
    /// - Parameters:
    ///   - root: the output root.
    ///   - busyTimeout: how long a write waits for another process's write to finish.
    ///   - journal: forces a journal; by default ``CatalogJournal/automatic(forFolder:)``, and a
    ///     WAL that fails for want of shared memory falls back to a rollback journal.
    ///   - readOnly: opens an existing catalog without writing anything, even on a read-only
    ///     filesystem or folder (for `list`, `show`, `runs` and `verify`).
    ///   - logger: where a journal fallback and a rebuild after deletion are logged.
    /// - Throws: ``CatalogError``; ``CatalogError/missing(path:)`` for a read-only open of
    ///   no catalog.
    package static func open(
        root: URL, busyTimeout: Duration = .seconds(30), journal: CatalogJournal? = nil, readOnly: Bool = false,
        logger: Logger? = nil
    ) throws(CatalogError) -> Catalog {
        Catalog(store: try CatalogStore.open(root: root, busyTimeout: busyTimeout, journal: journal, readOnly: readOnly, logger: logger))
    }

    /// Builds a new catalog for `root` from the sidecars under it (files without one are
    /// adopted by probing them) and puts it in place of the old one, which is moved aside as
    /// `catalog.sqlite.old-TIMESTAMP` (with its `-wal`/`-shm`). Runs the old catalog knew keep
    /// their rows when it can still be read. `camsched catalog rebuild` calls this.
    /// - Throws: ``CatalogError`` when the new catalog cannot be written.
    @discardableResult
    package static func rebuild(root: URL, logger: Logger? = nil) throws(CatalogError) -> CatalogRebuildReport {
        try CatalogRebuild.replace(root: root, logger: logger, onlyIfUnusable: false)
    }

    /// The filed files' rows.
    package var files: CatalogFiles { CatalogFiles(store: store) }
    /// The runs' rows.
    package var runs: CatalogRuns { CatalogRuns(store: store) }
    /// The rows waiting for the fleet catalog.
    package var fleetQueue: CatalogFleetQueue { CatalogFleetQueue(store: store) }
    /// Verifying the catalog against the root, and adopting files filed without a row.
    package var maintenance: CatalogMaintenance { CatalogMaintenance(store: store) }

    /// The output root.
    package var root: URL { store.root }
    /// The database file.
    package var url: URL { store.url }
    /// Opened read-only: nothing is created, locked or migrated, and writes fail.
    package var isReadOnly: Bool { store.isReadOnly }
    /// The journal in use: ``CatalogJournal/wal`` or ``CatalogJournal/rollback``.
    package var journal: CatalogJournal { store.journal }
}
