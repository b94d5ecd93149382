import CamschedCore
import CamschedFiling
import Foundation

/// Reads what a report needs: a run from the catalog of an output root, or the sidecars in a
/// folder (the truth, with no catalog at all).
package enum RunReportLoader {
    /// The run `id` from the catalog under `root` (read-only: works on an archive).
    /// - Throws: ``ReportError/unknownRun(id:root:)``, ``ReportError/runWithoutFiles(id:)``,
    ///   ``ReportError/noCatalog(root:)``, ``ReportError/catalogUnreadable(root:message:)``.
    package static func load(runID id: String, root: URL) throws(ReportError) -> RunReport {
        let catalog: Catalog
        do {
            catalog = try Catalog.open(root: root, readOnly: true)
        } catch {
            if case .missing = error { throw .noCatalog(root: root.path) }
            throw .catalogUnreadable(root: root.path, message: "\(error)")
        }
        let run: CatalogRun?
        let entries: [CatalogEntry]
        do {
            run = try catalog.runs.run(id: id)
            entries = try catalog.files.list(job: run?.job, includeDeleted: true).filter { $0.run == id }
        } catch {
            throw .catalogUnreadable(root: root.path, message: "\(error)")
        }
        guard run != nil || !entries.isEmpty else { throw .unknownRun(id: id, root: root.path) }
        var notes: [String] = []
        var files: [RunReport.File] = []
        for entry in entries {
            if let deleted = entry.deletedAt {
                notes.append("\(entry.file) was deleted (\(entry.deletedReason ?? "manual")) at \(RFC3339Timestamp.string(from: deleted))")
                continue
            }
            do {
                files.append(RunReport.File(sidecar: try entry.sidecar(), url: root.appendingPathComponent(entry.file)))
            } catch {
                notes.append("\(entry.file): its catalogued sidecar does not decode (\(error)); skipped")
            }
        }
        guard !files.isEmpty else { throw .runWithoutFiles(id: id) }
        return RunReport(job: run?.job ?? files[0].sidecar.job, runID: id, status: run?.status.rawValue,
                         exitCode: run?.exitCode, startedAt: run?.startedAt, endedAt: run?.endedAt, host: run?.host,
                         source: "catalog of \(root.path)", files: files, notes: notes)
    }

    /// The run whose sidecars are in `directory` (searched below it). `run` chooses one when
    /// the folder holds several runs' files.
    /// - Throws: ``ReportError/noSidecars(directory:)``, ``ReportError/severalRuns(directory:runs:)``,
    ///   ``ReportError/runNotInDirectory(id:directory:runs:)``.
    package static func load(directory: URL, run: String? = nil) throws(ReportError) -> RunReport {
        let found = SidecarScan.scan(directory)
        let byRun = Dictionary(grouping: found.files, by: \.sidecar.run)
        // Newest first, by each run's last file.
        let newest = byRun.mapValues { $0.map(\.sidecar.startedAt).max() ?? .distantPast }
        let runs = byRun.keys.sorted { (newest[$0] ?? .distantPast, $0) > (newest[$1] ?? .distantPast, $1) }
        guard !runs.isEmpty else { throw .noSidecars(directory: directory.path) }
        let chosen: String
        if let run {
            guard byRun[run] != nil else { throw .runNotInDirectory(id: run, directory: directory.path, runs: runs) }
            chosen = run
        } else {
            guard runs.count == 1 else { throw .severalRuns(directory: directory.path, runs: runs) }
            chosen = runs[0]
        }
        let files = byRun[chosen] ?? []
        return RunReport(job: files[0].sidecar.job, runID: chosen, source: "sidecars in \(directory.path)", files: files,
                         notes: found.notes)
    }
}
