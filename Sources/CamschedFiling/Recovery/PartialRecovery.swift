import Foundation
import Glibc
import Logging

/// Recovers the `*.partial` files that killed processes left under an output root (at the
/// start of camsched on that root, and for `camsched catalog verify --repair`).
///
/// Only partial files camsched made are touched: regular files of the user camsched runs
/// as, with camsched's marker (``PartialMarker``: the `user.camsched.run` attribute, or the
/// `.camsched-` name prefix), and `latest.*.partial` links of that user. Anything else named
/// `*.partial` — another user's or program's file, a planted link — is logged as a warning,
/// listed in ``RecoveryReport/foreign`` and left alone. Every file is reached through the
/// root's folder descriptors without following links.
///
/// For each partial file that no running process holds (writers keep a `flock` on it), the
/// injected `recover` function decides what of it is usable — the Media layer remuxes what
/// plays of a video and checks that a still decodes. What it returns is filed under the final
/// name (never overwriting: `NAME-N.EXT` if taken), gets a sidecar with `"recovered": true`
/// and a catalog row with `recovered = 1`. What it cannot recover (it returns `nil`) is
/// deleted and logged; if it throws, the partial is kept for a later attempt.
package struct PartialRecovery: Sendable {
    /// Decides what of a partial file is usable.
    /// - Parameters:
    ///   - partial: the `NAME.EXT.partial` file.
    ///   - finalCandidate: `NAME.EXT`, the name it was meant to get; its extension tells the
    ///     format. Do not write to it (it may be taken); write a remux beside the partial.
    /// - Returns: what to file, or `nil` when nothing is usable.
    package typealias Recover = @Sendable (_ partial: URL, _ finalCandidate: URL) throws -> RecoveredMedia?

    /// The output root.
    package let root: URL
    let catalog: Catalog?
    let logger: Logger
    let host: String
    let camschedVersion: String
    let recover: Recover
    /// Held for the pass: the registry keeps a root only while someone does, and each new one
    /// probes who owns new files by creating and removing a file in the root.
    let outputRoot: OutputRoot

    /// Creates a recovery pass.
    /// - Parameters:
    ///   - root: the output root to scan.
    ///   - catalog: where recovered files are recorded; `nil` when the job has no catalog.
    ///   - logger: where discarded and failed partials are logged.
    ///   - host: the host name for the sidecars.
    ///   - camschedVersion: the recovering camsched's version for the sidecars.
    ///   - recover: see ``Recover``.
    package init(
        root: URL, catalog: Catalog?, logger: Logger, host: String, camschedVersion: String,
        recover: @escaping Recover
    ) {
        self.root = root.standardizedFileURL
        self.catalog = catalog
        self.logger = logger
        self.host = host
        self.camschedVersion = camschedVersion
        self.recover = recover
        outputRoot = OutputRoot.shared(path: self.root.path)
    }

    /// Scans the root and recovers every stale partial file of camsched's.
    package func run() -> RecoveryReport { run(RootScan(root: root.path)) }

    /// What a run's start does, from one walk of the root: removes what an interrupted remux
    /// left (``removeStaleIntermediates(olderThan:)``), then recovers partial files.
    /// - Returns: the recovery's report, with ``RecoveryReport/files`` when nothing was filed.
    package func runRemovingStaleIntermediates() -> RecoveryReport {
        let scan = RootScan(root: root.path)
        let removed = Set(removeStaleIntermediates(in: scan))
        var report = run(scan)
        if report.recovered.isEmpty { report.files = scan.files.filter { !removed.contains($0) } }
        return report
    }

    /// Recovers the partial files `scan` found.
    func run(_ scan: RootScan) -> RecoveryReport {
        var report = RecoveryReport()
        // Probing the owner writes a file: only when there is something to examine.
        guard !scan.partials.isEmpty else { return report }
        let owner = outputRoot.ownerOfNewFiles
        for relative in scan.partials {
            let components = relative.split(separator: "/")
            guard let name = components.last.map(String.init),
                  let folder = try? outputRoot.folder(components.dropLast(), create: false) else { continue }
            examine(Entry(relative: relative, name: name, folder: folder, folderComponents: Array(components.dropLast()),
                          owner: owner), into: &report)
        }
        return report
    }

    /// A `*.partial` entry found by the scan.
    struct Entry {
        let relative: String
        let name: String
        let folder: FolderDescriptor
        let folderComponents: [Substring]
        /// Who camsched's files under this root belong to (``OutputRoot/ownerOfNewFiles``).
        let owner: uid_t
    }

    private func examine(_ entry: Entry, into report: inout RecoveryReport) {
        let (relative, name, folder) = (entry.relative, entry.name, entry.folder)
        guard let status = try? folder.status(name) else { return }
        // A temporary latest.* link: nothing to recover, and links cannot be locked.
        if (status.st_mode & S_IFMT) == S_IFLNK {
            guard status.st_uid == entry.owner, name.hasPrefix("latest.") else {
                return leaveForeign(relative, reason: "a symbolic link camsched did not make", into: &report)
            }
            try? folder.remove(name)
            report.discarded.append(relative)
            return
        }
        let fd: Int32
        switch folder.openFile(name, flags: O_RDONLY | O_NONBLOCK) {
        case .success(let opened): fd = opened
        case .failure: return
        }
        defer { close(fd) }
        if let reason = PartialMarker.reasonNotOurs(fd: fd, name: name, owner: entry.owner) {
            return leaveForeign(relative, reason: reason, into: &report)
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            report.inUse.append(relative)
            return
        }
        // A sidecar being written: its file is filed already. A sidecar flushed before its file
        // took its name (a still's, a recording's) that describes the file now under that name
        // takes its own; any other goes, and `catalog verify` shows what is missing.
        if relative.hasSuffix(".json.partial") {
            if publishFlushedSidecar(entry, fd: fd, into: &report) { return }
            try? folder.remove(name)
            logger.debug("removed the unfinished sidecar \(relative)")
            report.discarded.append(relative)
            return
        }
        recoverOne(entry, modified: status.st_mtim, into: &report)
    }

    private func leaveForeign(_ relative: String, reason: String, into report: inout RecoveryReport) {
        logger.warning("left \(relative) alone: it was not made by camsched (\(reason)); remove it if it is not needed")
        report.foreign.append(relative)
    }
}
