import Foundation
import Glibc

/// Applies a ``RetentionPolicy`` to a job's files through the catalog.
///
/// Order: files older than `maxAge` go first; then the oldest files until the job's total is
/// at most `maxSize`; then the oldest files until the filesystem has `minFree` free bytes or
/// the job has no file left. "Oldest" is by `startedAt`. Deleting a file removes it and its
/// sidecar, removes folders it leaves empty (up to the root), and marks its catalog row
/// deleted with the reason.
public enum Retention {
    /// Reads free bytes of the filesystem holding a path (injected for tests).
    public typealias FreeSpaceReader = (String) throws -> Int64

    /// Applies `policy` to the files of `job` under `root`.
    /// - Parameters:
    ///   - freeSpace: how free space is measured; `statvfs` by default.
    /// - Throws: ``CatalogError`` when the catalog cannot be read or written. Files that
    ///   cannot be deleted are reported in ``RetentionReport/failures`` instead.
    public static func apply(
        _ policy: RetentionPolicy, catalog: Catalog, root: URL, job: String, now: Date,
        freeSpace: FreeSpaceReader = { path in try FilesystemSpace.freeBytes(at: path) }
    ) throws(CatalogError) -> RetentionReport {
        var report = RetentionReport()
        guard !policy.isEmpty else { return report }
        let rootPath = root.standardizedFileURL.path
        var remaining = try catalog.list(job: job, includeDeleted: false)

        func delete(_ entry: CatalogEntry, reason: String) throws(CatalogError) -> Bool {
            do {
                try removeFile(entry.file, root: rootPath)
            } catch {
                report.failures[entry.file] = error.description
                return false
            }
            try catalog.markDeleted(file: entry.file, reason: reason, at: now)
            report.deleted.append(.init(entry: entry, reason: reason))
            report.freedBytes += entry.bytes
            return true
        }

        if let maxAge = policy.maxAge {
            let cutoff = now.addingTimeInterval(-seconds(maxAge))
            var kept: [CatalogEntry] = []
            for entry in remaining {
                if entry.startedAt < cutoff, try delete(entry, reason: "maxAge") { continue }
                kept.append(entry)
            }
            remaining = kept
        }

        if let maxSize = policy.maxSize {
            var total = remaining.reduce(Int64(0)) { $0 + $1.bytes }
            var kept: [CatalogEntry] = []
            for entry in remaining {
                if total > maxSize, try delete(entry, reason: "maxSize") {
                    total -= entry.bytes
                    continue
                }
                kept.append(entry)
            }
            remaining = kept
        }

        if let minFree = policy.minFree {
            var free = try readFree(freeSpace, rootPath)
            var index = 0
            while free < minFree, index < remaining.count {
                if try delete(remaining[index], reason: "minFree") {
                    free = try readFree(freeSpace, rootPath)
                }
                index += 1
            }
            report.freeBytesAfter = free
            report.minFreeSatisfied = free >= minFree
        }
        return report
    }

    /// `camsched catalog prune`: applies `policy` to every job of the catalog (or to `jobs`).
    /// - Returns: the report of each job.
    public static func prune(
        _ policy: RetentionPolicy, catalog: Catalog, jobs: [String]? = nil, now: Date,
        freeSpace: FreeSpaceReader = { path in try FilesystemSpace.freeBytes(at: path) }
    ) throws(CatalogError) -> [String: RetentionReport] {
        var reports: [String: RetentionReport] = [:]
        let selected: [String]
        if let jobs { selected = jobs } else { selected = try catalog.jobs() }
        for job in selected {
            reports[job] = try apply(policy, catalog: catalog, root: catalog.root, job: job, now: now, freeSpace: freeSpace)
        }
        return reports
    }

    private static func readFree(_ reader: FreeSpaceReader, _ path: String) throws(CatalogError) -> Int64 {
        do {
            return try reader(path)
        } catch {
            throw CatalogError.wrap(error, path: path)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Removes a filed file and its sidecar, then the folders that became empty.
    static func removeFile(_ relative: String, root: String) throws(FilingError) {
        _ = try FileFiler.components(of: relative)
        let path = root + "/" + relative
        try SystemCall.removeIfPresent(path)
        try SystemCall.removeIfPresent(path + ".json")
        var folder = FilesystemSpace.parent(of: path)
        while folder.count > root.count, folder.hasPrefix(root + "/") {
            // ENOTEMPTY (or anything else) ends the walk; FileFiler re-creates folders it needs.
            guard rmdir(folder) == 0 else { break }
            folder = FilesystemSpace.parent(of: folder)
        }
    }
}
