import Foundation
import GRDB

extension CatalogStore {
    /// Writes files' and runs' rows in one transaction, in order: what a one-shot run's
    /// ``CatalogWriter`` writes at its end (the run's start, its still, its end). The
    /// transaction is flushed before it returns when it holds a run's row (see
    /// ``write(durably:_:)``), as ``CatalogRuns/begin(id:job:startedAt:host:pid:)`` and
    /// ``CatalogRuns/end(id:endedAt:status:exitCode:)`` are. Operations that are not rows
    /// (``CatalogWriteOperation/isRow``) are not for this: the writer performs them on their own.
    /// - Throws: ``CatalogError``; nothing is written then (``CatalogError/notFound(_:)`` for
    ///   the end of a run never begun).
    func write(rows operations: [CatalogWriteOperation], recordedAt: Date = Date()) throws(CatalogError) {
        var steps: [(Database) throws -> Void] = []
        // A run begun and ended in this batch gets its row once, as it ends.
        var begun: Set<String> = []
        for operation in operations {
            switch operation {
            case let .record(sidecar):
                let json: String
                do { json = try sidecar.compactJSON() } catch { throw .sidecar(error) }
                steps.append { db in try CatalogFiles.insert(sidecar, json: json, recordedAt: recordedAt, db) }
            case let .beginRun(run):
                var row = run
                row.status = .running
                if case let .endRun(_, endedAt, status, exitCode)? = operations.last(where: { $0.endsRun(run.id) }) {
                    (row.endedAt, row.status, row.exitCode) = (endedAt, status, exitCode)
                    begun.insert(run.id)
                }
                ownRuns.withLock { $0[run.id] = row }
                steps.append { db in try CatalogRuns.upsert(row, db) }
            case let .endRun(id, endedAt, status, exitCode):
                noteEnd(of: id, endedAt: endedAt, status: status, exitCode: exitCode)
                if begun.contains(id) { continue }
                steps.append { db in try CatalogRuns.end(id: id, endedAt: endedAt, status: status, exitCode: exitCode, db) }
            case .adoptFilesWithSidecars, .adoptFilesOfEarlierRuns, .task:
                continue
            }
        }
        try write(durably: operations.contains(where: \.isRunRow)) { db in
            for step in steps { try step(db) }
        }
    }

    /// Compiles the statements of files' and runs' rows on the connection, where they stay: a
    /// one-shot run's writer does it while the run captures, so that its one transaction at
    /// the end does not compile them (a tenth of a cron run's catalog time in the guest).
    func prepareRowStatements() {
        let database = connection.withLock { $0.database }
        try? database.writeWithoutTransaction { db in
            for sql in [CatalogFiles.insertSQL, CatalogRuns.upsertSQL, CatalogRuns.endSQL] { _ = try db.cachedStatement(sql: sql) }
        }
    }

    /// Keeps a run's end with the runs this store began (written again into a recreated catalog).
    func noteEnd(of id: String, endedAt: Date, status: CatalogRun.Status, exitCode: Int) {
        ownRuns.withLock { runs in
            runs[id]?.endedAt = endedAt
            runs[id]?.status = status
            runs[id]?.exitCode = exitCode
        }
    }
}
