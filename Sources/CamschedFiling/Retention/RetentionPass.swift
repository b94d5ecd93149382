import CamschedCore
import Foundation
import Glibc

/// One application of retention to one or more jobs — for real, or as a dry run that follows
/// exactly the same steps and stops short of deleting.
///
/// A dry run treats a file it would delete as deleted: it leaves it out of the job's total and
/// adds the disk space it occupies (its blocks, its sidecar's, and folders it would empty) to
/// the free space read from the filesystem, so `minFree` stops at the same file as the real
/// prune. For the same reason the real pass marks the rows deleted in one transaction at the
/// end (``commit()``): writing the catalog as it goes would grow its WAL on the filesystem it
/// is measuring. If the process dies before the commit, the next pass finds those rows'
/// files gone, "deletes" them again (nothing to remove) and marks them then.
struct RetentionPass {
    let catalog: Catalog
    let root: String
    let now: Date
    let freeSpace: Retention.FreeSpaceReader
    let dryRun: Bool
    /// Space the dry run counts as freed so far, across jobs (the filesystem is shared).
    private var simulatedFreed: Int64 = 0
    /// Paths the dry run counts as gone: files, sidecars, and folders they would leave empty.
    private var simulatedGone: Set<String> = []
    /// Rows of files deleted and not yet marked (see ``commit()``).
    private var unmarked: [(file: String, reason: String)] = []

    init(catalog: Catalog, root: URL, now: Date, freeSpace: @escaping Retention.FreeSpaceReader, dryRun: Bool) {
        self.catalog = catalog
        self.root = root.standardizedFileURL.path
        self.now = now
        self.freeSpace = freeSpace
        self.dryRun = dryRun
    }

    /// Applies `policy` to `job`'s catalogued files, oldest first: `maxAge`, then `maxSize`,
    /// then `minFree` (see ``Retention``).
    mutating func apply(_ policy: RetentionPolicy, job: String) throws(CatalogError) -> RetentionReport {
        var report = RetentionReport()
        guard !policy.isEmpty else { return report }
        // Only what camsched filed: a file adopted without a sidecar may be a user's own.
        var remaining = try catalog.files.list(job: job, includeDeleted: false).filter { !$0.adopted }
        if let maxAge = policy.maxAge {
            let cutoff = now.addingTimeInterval(-Retention.seconds(maxAge))
            var kept: [CatalogEntry] = []
            for entry in remaining {
                if entry.startedAt < cutoff, try delete(entry, reason: "maxAge", into: &report) { continue }
                kept.append(entry)
            }
            remaining = kept
        }
        if let maxSize = policy.maxSize {
            var total = remaining.reduce(Int64(0)) { $0 + $1.bytes }
            var kept: [CatalogEntry] = []
            for entry in remaining {
                if total > maxSize, try delete(entry, reason: "maxSize", into: &report) {
                    total -= entry.bytes
                    continue
                }
                kept.append(entry)
            }
            remaining = kept
        }
        if let minFree = policy.minFree {
            var free = try readFree()
            var index = 0
            while free < minFree, index < remaining.count {
                if try delete(remaining[index], reason: "minFree", into: &report) { free = try readFree() }
                index += 1
            }
            report.freeBytesAfter = free
            report.minFreeSatisfied = free >= minFree
        }
        return report
    }

    /// Deletes one file (or, in a dry run, counts it as deleted).
    /// - Returns: `false` when the file could not be deleted (reported in `failures`).
    private mutating func delete(_ entry: CatalogEntry, reason: String, into report: inout RetentionReport) throws(CatalogError) -> Bool {
        if dryRun {
            simulateRemoval(of: root + "/" + entry.file)
        } else {
            do {
                try Retention.removeFile(entry.file, root: root)
            } catch {
                report.failures[entry.file] = error.description
                return false
            }
            unmarked.append((entry.file, reason))
        }
        report.deleted.append(.init(entry: entry, reason: reason))
        report.freedBytes += entry.bytes
        return true
    }

    /// Marks the rows of the files deleted so far, in one transaction.
    mutating func commit() throws(CatalogError) {
        guard !unmarked.isEmpty else { return }
        try catalog.files.markDeleted(unmarked, at: now)
        unmarked = []
    }

    /// Counts what ``Retention/removeFile(_:root:)`` would free: the file, its sidecar, and
    /// each folder up to the root that it would leave empty (and so remove).
    private mutating func simulateRemoval(of path: String) {
        for gone in [path, path + ".json"] where !simulatedGone.contains(gone) {
            simulatedFreed += Self.allocatedBytes(gone)
            simulatedGone.insert(gone)
        }
        var folder = FilesystemSpace.parent(of: path)
        while folder.count > root.count, folder.hasPrefix(root + "/") {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
                  names.allSatisfy({ simulatedGone.contains(folder + "/" + $0) }) else { break }
            simulatedFreed += Self.allocatedBytes(folder)
            simulatedGone.insert(folder)
            folder = FilesystemSpace.parent(of: folder)
        }
    }

    private func readFree() throws(CatalogError) -> Int64 {
        do {
            return try freeSpace(root) + simulatedFreed
        } catch {
            throw CatalogError.wrap(error, path: root)
        }
    }

    /// The disk space a file occupies (`st_blocks` × 512); 0 when it is not there.
    static func allocatedBytes(_ path: String) -> Int64 {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        return Int64(status.st_blocks) * 512
    }
}
