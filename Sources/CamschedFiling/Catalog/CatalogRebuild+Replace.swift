import CamschedCore
import Foundation
import Glibc
import GRDB
import Logging

extension CatalogRebuild {
    /// Builds a new catalog for `root` from the sidecars under it (files without one are
    /// adopted by probing them) and puts it in place of the old one, which is moved aside as
    /// `catalog.sqlite.old-TIMESTAMP` (with its `-wal`/`-shm`). Runs the old catalog knew keep
    /// their rows when it can still be read. Skipped when `onlyIfUnusable` and the catalog in
    /// place can be read (another process rebuilt it first) — unless it is still the file `damaged`.
    /// - Throws: ``CatalogError`` when the new catalog cannot be written.
    static func replace(
        root: URL, logger: Logger?, onlyIfUnusable: Bool, damaged: FileIdentity? = nil
    ) throws(CatalogError) -> CatalogRebuildReport {
        let rootPath = root.standardizedFileURL.path
        let path = rootPath + "/" + Catalog.fileName
        do {
            try FilingCall.makeFolders(rootPath)
            let lock = try MigrationLock(path: path + ".lock")
            defer { lock.release() }
            if onlyIfUnusable, damaged == nil || FileIdentity(path: path) != damaged, isUsable(path) {
                return CatalogRebuildReport(rebuilt: false)
            }
            // Never read through a link: what it points at is not this root's catalog.
            let old = CatalogDatabase.isSpecialFile(path) ? [] : (try? CatalogDatabase.openReadOnly(path: path, configuration: CatalogDatabase.configuration(
                busyTimeout: .seconds(1), readOnly: true)).read { db in
                    try Row.fetchAll(db, sql: "SELECT * FROM runs").map(CatalogRun.init(row:))
                }) ?? []
            let temporary = path + ".rebuilding-\(getpid())"
            var report = try build(at: temporary, root: rootPath, oldRuns: old)
            report.movedAside = try moveAside(path)
            try FilingCall.run("rename", path: temporary) { Glibc.rename(temporary, path) }
            try FilingCall.syncFolder(rootPath)
            for warning in report.warnings { logger?.warning("\(warning)") }
            return report
        } catch {
            throw CatalogError.wrap(error, path: path)
        }
    }

    /// Writes the rows of `root` into a new database file at `path`.
    private static func build(at path: String, root: String, oldRuns: [CatalogRun]) throws -> CatalogRebuildReport {
        for suffix in ["", "-journal", "-wal", "-shm"] { try FilingCall.removeIfPresent(path + suffix) }
        let scan = CatalogRebuild(root: root)
        let runs = scan.runs(keeping: oldRuns)
        let queue = try DatabaseQueue(path: path, configuration: CatalogDatabase.configuration(busyTimeout: .seconds(1), readOnly: false))
        try CatalogSchema.migrate(queue)
        let now = Date()
        try queue.write { db in
            for sidecar in scan.sidecars {
                try CatalogFiles.insert(sidecar, json: sidecar.compactJSON(), recordedAt: now, adopted: scan.probed.contains(sidecar.file), db)
            }
            for run in runs { try CatalogRuns.upsert(run, db) }
        }
        try queue.close()
        return CatalogRebuildReport(fromSidecars: scan.fromSidecars, adopted: scan.adopted, runs: runs.count, warnings: scan.warnings)
    }

    /// Whether the catalog file at `path` exists, is a regular file (not a link or a folder),
    /// starts as an SQLite database does, and its tables can be read. The header is read from
    /// the file itself first: a file put in the catalog's place (garbage, or empty) while the
    /// old catalog's `-wal` stays would read through SQLite as the old catalog — the log holds
    /// its first page — and its next checkpoint would write the old pages into the new file.
    static func isUsable(_ path: String) -> Bool {
        guard FileIdentity(path: path) != nil, !CatalogDatabase.isSpecialFile(path), startsAsSQLite(path) else { return false }
        let configuration = CatalogDatabase.configuration(busyTimeout: .seconds(5), readOnly: true)
        let count = try? CatalogDatabase.openReadOnly(path: path, configuration: configuration).read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM files) + (SELECT count(*) FROM runs)")
        }
        return count != nil
    }

    /// Whether the file at `path` begins with `SQLite format 3\0` (read without following a
    /// link). A file this process has open (SQLite's own connection) is read through that
    /// descriptor: closing one of our own would drop SQLite's POSIX locks on it.
    static func startsAsSQLite(_ path: String) -> Bool {
        if let identity = FileIdentity(path: path), let known = CatalogDatabase.headerThroughOpenDescriptor(identity) { return known }
        let descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 16, 0) }
        return count == 16 && bytes == Array("SQLite format 3\0".utf8)
    }

    /// Renames the catalog (and its `-wal`, `-shm`, `-journal`) to `catalog.sqlite.old-TIMESTAMP`.
    /// - Returns: the new name, or `nil` when there was no catalog.
    static func moveAside(_ path: String) throws(FilingError) -> String? {
        guard FileIdentity(path: path) != nil else { return nil }
        let stamp = RFC3339Timestamp.string(from: Date()).filter { $0 != "-" && $0 != ":" }.replacingOccurrences(of: ".", with: "")
        var aside = path + ".old-" + stamp
        var attempt = 1
        while FileIdentity(path: aside) != nil {
            aside = path + ".old-" + stamp + "-\(attempt)"
            attempt += 1
        }
        let target = aside
        try FilingCall.run("rename", path: path) { Glibc.rename(path, target) }
        for suffix in ["-wal", "-shm", "-journal"] where FileIdentity(path: path + suffix) != nil {
            try FilingCall.run("rename", path: path + suffix) { Glibc.rename(path + suffix, target + suffix) }
        }
        return (aside as NSString).lastPathComponent
    }
}
