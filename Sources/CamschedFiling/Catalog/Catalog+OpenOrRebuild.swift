import Foundation
import Logging

/// What ``Catalog/openOrRebuild(root:logger:busyTimeout:rootWasEmpty:)`` found and did.
package struct CatalogOpening: Sendable {
    /// The catalog; `nil` when it could not be opened even after a rebuild (the run goes on
    /// without it).
    package var catalog: Catalog?
    /// What was logged as warnings: a rebuild, a fallback, runs found killed.
    package var warnings: [String] = []
    /// The rebuild, when the catalog was missing or damaged.
    package var rebuild: CatalogRebuildReport?
    /// Runs found `running` whose process is gone, now `interrupted`.
    package var interruptedRuns: [CatalogRun] = []
}

extension Catalog {
    /// Opens the catalog of `root` at the start of a run so that capture never stops because
    /// of it: a missing catalog is rebuilt from the sidecars and files under the root, a
    /// damaged one (not a database, corrupt) is moved aside and rebuilt, each with a warning;
    /// runs left `running` by killed processes of this host are marked `interrupted`. If even
    /// that fails, the warning says so and ``CatalogOpening/catalog`` is `nil`.
    /// - Parameter rootWasEmpty: the root held no file when the run began: a catalog missing
    ///   then is made from what the run filed since (its first still, on a slow start) without
    ///   a warning — nothing was lost.
    package static func openOrRebuild(root: URL, logger: Logger, busyTimeout: Duration = .seconds(30),
                                     rootWasEmpty: Bool = false) -> CatalogOpening {
        var opening = CatalogOpening()
        func warn(_ text: String) {
            logger.warning("\(text)")
            opening.warnings.append(text)
        }
        let path = root.standardizedFileURL.appendingPathComponent(fileName).path
        do {
            if FileIdentity(path: path) == nil {
                let report = try CatalogRebuild.replace(root: root, logger: logger, onlyIfUnusable: true)
                if report.rebuilt, report.files > 0 || report.runs > 0, !rootWasEmpty {
                    warn("there was no catalog at \(path); rebuilt it: \(summary(report))")
                    opening.rebuild = report
                }
            }
            if CatalogDatabase.isSpecialFile(path) {
                let report = try CatalogRebuild.replace(root: root, logger: logger, onlyIfUnusable: false)
                warn("the catalog \(path) is a symbolic link or a folder, not a file (camsched never writes through a link under the root); moved it aside as \(report.movedAside ?? "-") and built a catalog from the sidecars: \(summary(report))")
                opening.rebuild = report
            }
            let catalog: Catalog
            do {
                catalog = try open(root: root, busyTimeout: busyTimeout, logger: logger)
            } catch where error.isDamage {
                let report = try CatalogRebuild.replace(root: root, logger: logger, onlyIfUnusable: false)
                var cause = error.description
                if case .database(_, let code, let message) = error { cause = "\(message), SQLite error \(code)" }
                warn("the catalog \(path) was damaged (\(cause)); moved it aside as \(report.movedAside ?? "-") and rebuilt it: \(summary(report))")
                opening.rebuild = report
                catalog = try open(root: root, busyTimeout: busyTimeout, logger: logger)
            }
            opening.catalog = catalog
            do {
                opening.interruptedRuns = try catalog.runs.markInterrupted()
            } catch {
                warn("cannot check the catalog's unfinished runs: \(error)")
            }
            for run in opening.interruptedRuns {
                warn("run \(run.id) of \(run.job) (pid \(run.pid.map(String.init) ?? "?")) was killed before it ended; marked it interrupted")
            }
        } catch {
            warn("cannot use the catalog in \(root.path): \(error); capture goes on without it (`camsched catalog rebuild` makes it again later)")
        }
        return opening
    }

    static func summary(_ report: CatalogRebuildReport) -> String {
        "\(report.fromSidecars) file(s) from sidecars, \(report.adopted) adopted without one, \(report.runs) run(s)"
    }
}
