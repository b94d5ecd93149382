import CamschedCore
import Foundation
import Glibc

/// Applies a ``RetentionPolicy`` to a job's files through the catalog.
///
/// Order: files older than `maxAge` go first; then the oldest files until the job's total is
/// at most `maxSize`; then the oldest files until the filesystem has `minFree` free bytes or
/// the job has no file left (see ``RetentionPass``). "Oldest" is by `startedAt`. Deleting a file removes it and its
/// sidecar, removes folders it leaves empty (up to the root), and marks its catalog row
/// deleted with the reason.
package enum Retention {
    /// Reads free bytes of the filesystem holding a path (injected for tests).
    package typealias FreeSpaceReader = (String) throws -> Int64

    /// Applies `policy` to the files of `job` under `root`. Files under the root with a
    /// sidecar but no catalog row are adopted first, so that they count and can go.
    /// - Parameters:
    ///   - freeSpace: how free space is measured; `statvfs` by default.
    ///   - dryRun: delete nothing and mark nothing deleted; the report lists what would go.
    /// - Throws: ``CatalogError`` when the catalog cannot be read or written. Files that
    ///   cannot be deleted are reported in ``RetentionReport/failures`` instead.
    package static func apply(
        _ policy: RetentionPolicy, catalog: Catalog, root: URL, job: String, now: Date,
        freeSpace: @escaping FreeSpaceReader = { path in try FilesystemSpace.freeBytes(at: path) }, dryRun: Bool = false
    ) throws(CatalogError) -> RetentionReport {
        guard !policy.isEmpty else { return RetentionReport() }
        try catalog.maintenance.adoptFilesWithSidecars(job: job)
        var pass = RetentionPass(catalog: catalog, root: root, now: now, freeSpace: freeSpace, dryRun: dryRun)
        let report = try pass.apply(policy, job: job)
        try pass.commit()
        return report
    }

    /// `camsched catalog prune`: applies `policy` to every job of the catalog (or to `jobs`),
    /// in the order of their names. `dryRun` follows the same steps up to the deletion, so it
    /// reports exactly the files the same prune without it deletes.
    /// - Returns: the report of each job.
    package static func prune(
        _ policy: RetentionPolicy, catalog: Catalog, jobs: [String]? = nil, now: Date,
        freeSpace: @escaping FreeSpaceReader = { path in try FilesystemSpace.freeBytes(at: path) }, dryRun: Bool = false
    ) throws(CatalogError) -> [String: RetentionReport] {
        guard !policy.isEmpty else { return [:] }
        try catalog.maintenance.adoptFilesWithSidecars()
        var reports: [String: RetentionReport] = [:]
        let selected: [String]
        if let jobs { selected = jobs } else { selected = try catalog.files.jobs() }
        var pass = RetentionPass(catalog: catalog, root: catalog.root, now: now, freeSpace: freeSpace, dryRun: dryRun)
        for job in selected.sorted() {
            reports[job] = try pass.apply(policy, job: job)
        }
        try pass.commit()
        return reports
    }

    static func seconds(_ duration: Duration) -> Double {
        duration.secondsValue
    }

    /// Removes a filed file and its sidecar, then the folders that became empty.
    static func removeFile(_ relative: String, root: String) throws(FilingError) {
        _ = try FilePlacer.components(of: relative)
        let path = root + "/" + relative
        try FilingCall.removeIfPresent(path)
        try FilingCall.removeIfPresent(path + ".json")
        var folder = FilesystemSpace.parent(of: path)
        while folder.count > root.count, folder.hasPrefix(root + "/") {
            // ENOTEMPTY (or anything else) ends the walk; FileFiler re-creates folders it needs.
            guard rmdir(folder) == 0 else { break }
            folder = FilesystemSpace.parent(of: folder)
        }
    }
}
