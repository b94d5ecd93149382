import CamschedCore
import Foundation
import GRDB

extension CatalogMaintenance {
    /// Records the files under the root that have a sidecar but no live catalog row — files
    /// filed while the catalog was unavailable, or orphaned by a deleted catalog. Files
    /// without a sidecar are left to `catalog rebuild`, which probes them.
    /// - Parameter job: only sidecars of this job; all when `nil`.
    /// - Parameter excludingRun: not the files of this run (the running one, whose rows are on their way).
    /// - Parameter files: the root's regular files, relative to it, as a walk just listed them
    ///   (``RecoveryReport/files``); nil: the root is walked here.
    /// - Returns: the rows added, oldest first.
    @discardableResult
    package func adoptFilesWithSidecars(job: String? = nil, excludingRun: String? = nil,
                                       files listed: [String]? = nil) throws(CatalogError) -> [CatalogEntry] {
        let rootPath = store.root.standardizedFileURL.path
        let rootFiles = listed ?? RootScan(root: rootPath).files
        let names = Set(rootFiles)
        let candidates = rootFiles.filter { CatalogRebuild.isCandidate($0) && names.contains($0 + ".json") }
        guard !candidates.isEmpty else { return [] }
        // The names alone: every start adopts, and decoding every row (dates and all) cost a
        // cron run on a root of 3,000 stills more than the shot itself.
        let known = Set(try store.read { db in try String.fetchAll(db, sql: "SELECT file FROM files WHERE deleted_at IS NULL") })
        var orphans: [Sidecar] = []
        for file in candidates where !known.contains(file) {
            guard var sidecar = try? Sidecar.read(from: URL(fileURLWithPath: rootPath + "/" + file + ".json")) else { continue }
            sidecar.file = file
            if let job, sidecar.job != job { continue }
            if let excludingRun, sidecar.run == excludingRun { continue }
            orphans.append(sidecar)
        }
        orphans.sort { ($0.startedAt, $0.file) < ($1.startedAt, $1.file) }
        var added: [CatalogEntry] = []
        for sidecar in orphans { added.append(try files.record(sidecar)) }
        try addRuns(of: orphans)
        if !added.isEmpty { store.logger?.notice("adopted \(added.count) file(s) with sidecars but no catalog row under \(rootPath)") }
        return added
    }

    /// Records camsched's own files under the root that have neither a sidecar nor a catalog
    /// row (``FileProbe/isOwn(_:)``: a kill between a file's rename and its sidecar's write, in
    /// an older camsched), each with a sidecar written beside it from probing it (`recovered`),
    /// under retention as any file of its job. Other files without a sidecar are left to
    /// `catalog rebuild`, which adopts them out of retention's reach.
    /// - Returns: the rows added, oldest first.
    @discardableResult
    package func adoptOwnFilesWithoutSidecars(files listed: [String]? = nil) throws(CatalogError) -> [CatalogEntry] {
        let rootPath = store.root.standardizedFileURL.path
        let rootFiles = listed ?? RootScan(root: rootPath).files
        let names = Set(rootFiles)
        let candidates = rootFiles.filter { CatalogRebuild.isCandidate($0) && !names.contains($0 + ".json") }
        guard !candidates.isEmpty else { return [] }
        let known = Set(try store.read { db in try String.fetchAll(db, sql: "SELECT file FROM files WHERE deleted_at IS NULL") })
        var own: [Sidecar] = []
        for file in candidates where !known.contains(file) {
            guard var sidecar = try? FileProbe.sidecar(relative: file, root: rootPath), FileProbe.isOwn(sidecar) else { continue }
            sidecar.recovered = true
            guard (try? sidecar.write(to: URL(fileURLWithPath: rootPath + "/" + file + ".json"))) != nil else { continue }
            own.append(sidecar)
        }
        own.sort { ($0.startedAt, $0.file) < ($1.startedAt, $1.file) }
        var added: [CatalogEntry] = []
        for sidecar in own { added.append(try files.record(sidecar)) }
        try addRuns(of: own)
        return added
    }

    /// Rows for the runs of adopted files that have none — a one-shot run writes its rows at its
    /// end, so one killed after filing its still left none — as a rebuild makes them (see
    /// ``CatalogRebuild/runs(of:)``). A row a live run writes later replaces it.
    private func addRuns(of sidecars: [Sidecar]) throws(CatalogError) {
        // Nothing adopted (every start of a run on a root already catalogued): no run to read.
        guard !sidecars.isEmpty else { return }
        let known = Set(try store.read { db in try String.fetchAll(db, sql: "SELECT id FROM runs") })
        let missing = CatalogRebuild.runs(of: sidecars.filter { !known.contains($0.run) })
        guard !missing.isEmpty else { return }
        try store.write { db in
            for run in missing {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO runs (id, job, started_at, ended_at, status, host) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [run.id, run.job, RFC3339Timestamp.string(from: run.startedAt),
                                run.endedAt.map(RFC3339Timestamp.string(from:)), run.status.rawValue, run.host])
            }
        }
    }
}
