import Foundation
import GRDB

extension Catalog {
    /// Writes files' and runs' rows in one transaction, in order: what a one-shot run's
    /// ``CatalogWriter`` writes at its end (the run's start, its still, its end). The
    /// transaction is flushed before it returns when it holds a run's row (see
    /// ``write(durably:_:)``), as ``beginRun(id:job:startedAt:host:pid:)`` and
    /// ``endRun(id:endedAt:status:exitCode:)`` are. Operations that are not rows
    /// (``CatalogWriteOperation/isRow``) are not for this: the writer performs them on their own.
    /// - Throws: ``CatalogError``; nothing is written then (``CatalogError/notFound(_:)`` for
    ///   the end of a run never begun).
    func write(rows operations: [CatalogWriteOperation], recordedAt: Date = Date()) throws(CatalogError) {
        var steps: [(Database) throws -> Void] = []
        for operation in operations {
            switch operation {
            case let .record(sidecar):
                let json: String
                do { json = try sidecar.compactJSON() } catch { throw .sidecar(error) }
                steps.append { db in try Catalog.insert(sidecar, json: json, recordedAt: recordedAt, db) }
            case let .beginRun(run):
                var running = run
                running.status = .running
                ownRuns.withLock { $0[run.id] = running }
                steps.append { db in try Catalog.upsert(running, db) }
            case let .endRun(id, endedAt, status, exitCode):
                noteEnd(of: id, endedAt: endedAt, status: status, exitCode: exitCode)
                steps.append { db in try Catalog.end(id: id, endedAt: endedAt, status: status, exitCode: exitCode, db) }
            case .adoptFilesWithSidecars, .adoptFilesOfEarlierRuns, .task:
                continue
            }
        }
        try write(durably: operations.contains(where: \.isRunRow)) { db in
            for step in steps { try step(db) }
        }
    }
}
