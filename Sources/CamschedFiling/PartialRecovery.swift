import Foundation
import Glibc
import Logging

/// Recovers the `*.partial` files that killed processes left under an output root (at the
/// start of camsched on that root, and for `camsched catalog verify --repair`).
///
/// For each partial file that no running process holds (writers keep a `flock` on it), the
/// injected `recover` function decides what of it is usable — the Media layer remuxes what
/// plays of a video and checks that a still decodes. What it returns is filed under the final
/// name (never overwriting: `NAME-N.EXT` if taken), gets a sidecar with `"recovered": true`
/// and a catalog row with `recovered = 1`. What it cannot recover (it returns `nil`) is
/// deleted and logged; if it throws, the partial is kept for a later attempt.
public struct PartialRecovery: Sendable {
    /// Decides what of a partial file is usable.
    /// - Parameters:
    ///   - partial: the `NAME.EXT.partial` file.
    ///   - finalCandidate: `NAME.EXT`, the name it was meant to get; its extension tells the
    ///     format. Do not write to it (it may be taken); write a remux beside the partial.
    /// - Returns: what to file, or `nil` when nothing is usable.
    public typealias Recover = @Sendable (_ partial: URL, _ finalCandidate: URL) throws -> RecoveredMedia?

    /// The output root.
    public let root: URL
    let catalog: Catalog?
    let logger: Logger
    let host: String
    let camschedVersion: String
    let recover: Recover

    /// Creates a recovery pass.
    /// - Parameters:
    ///   - root: the output root to scan.
    ///   - catalog: where recovered files are recorded; `nil` when the job has no catalog.
    ///   - logger: where discarded and failed partials are logged.
    ///   - host: the host name for the sidecars.
    ///   - camschedVersion: the recovering camsched's version for the sidecars.
    ///   - recover: see ``Recover``.
    public init(
        root: URL, catalog: Catalog?, logger: Logger, host: String, camschedVersion: String,
        recover: @escaping Recover
    ) {
        self.root = root.standardizedFileURL
        self.catalog = catalog
        self.logger = logger
        self.host = host
        self.camschedVersion = camschedVersion
        self.recover = recover
    }

    /// Scans the root and recovers every stale partial file.
    public func run() -> RecoveryReport {
        var report = RecoveryReport()
        let rootPath = root.path
        for relative in RootScan(root: rootPath).partials {
            let path = rootPath + "/" + relative
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            // A temporary latest.* link: nothing to recover, and links cannot be locked.
            if (status.st_mode & S_IFMT) == S_IFLNK {
                try? SystemCall.removeIfPresent(path)
                report.discarded.append(relative)
                continue
            }
            // A sidecar being written: its file is filed already; the finished sidecar or
            // `catalog verify` will show what is missing.
            if relative.hasSuffix(".json.partial") {
                guard let fd = PartialLock.acquire(path) else {
                    report.inUse.append(relative)
                    continue
                }
                try? SystemCall.removeIfPresent(path)
                close(fd)
                logger.debug("removed the unfinished sidecar \(relative)")
                report.discarded.append(relative)
                continue
            }
            guard let fd = PartialLock.acquire(path) else {
                report.inUse.append(relative)
                continue
            }
            defer { close(fd) }
            recoverOne(relative: relative, path: path, modified: status.st_mtim, into: &report)
        }
        return report
    }

    private func recoverOne(relative: String, path: String, modified: timespec, into report: inout RecoveryReport) {
        let finalPath = String(path.dropLast(".partial".count))
        let media: RecoveredMedia?
        do {
            media = try recover(URL(fileURLWithPath: path), URL(fileURLWithPath: finalPath))
        } catch {
            logger.error("could not recover \(relative): \(error); the partial file is kept for another try")
            report.failed[relative] = String(describing: error)
            return
        }
        guard let media else {
            try? SystemCall.removeIfPresent(path)
            logger.warning("nothing of \(relative) could be recovered (a process was killed while writing it); deleted it")
            report.discarded.append(relative)
            return
        }
        do {
            let location = try file(media, partialPath: path, finalRelative: String(relative.dropLast(".partial".count)))
            let sidecar = makeSidecar(for: location, media: media, modified: modified)
            do { try sidecar.write(to: location.sidecarURL) } catch { throw CatalogError.sidecar(error) }
            try catalog?.record(sidecar)
            logger.notice("recovered \(location.relativePath) from a partial file left by a killed process")
            report.recovered.append(location)
        } catch {
            logger.error("could not file the recovered \(relative): \(error)")
            report.failed[relative] = String(describing: error)
        }
    }

    /// Moves the recovered file to its final name; a remux replaces the partial.
    private func file(_ media: RecoveredMedia, partialPath: String, finalRelative: String) throws -> FiledLocation {
        let source = media.file.standardizedFileURL.path
        let (digest, bytes) = try SHA256Digest.digestAndSize(ofFileAtPath: source)
        let descriptor = try SystemCall.run("open", path: source) { open(source, O_RDONLY | O_CLOEXEC) }
        defer { close(descriptor) }
        try SystemCall.run("fsync", path: source) { fsync(descriptor) }
        let fileExtension = (finalRelative as NSString).pathExtension
        let relativeBase = fileExtension.isEmpty ? finalRelative : String(finalRelative.dropLast(fileExtension.count + 1))
        let location = try FileFiler(root: root).moveToFinalName(
            partialPath: source, relativePath: relativeBase, extension: fileExtension, bytes: bytes, sha256: digest.hex)
        if source != partialPath { try SystemCall.removeIfPresent(partialPath) }
        return location
    }

    /// A sidecar with what is known of a recovered file: its name, size and hash, the job
    /// (the first path component), the kind (from the extension), times from the file.
    private func makeSidecar(for location: FiledLocation, media: RecoveredMedia, modified: timespec) -> Sidecar {
        let endedAt = Date(timeIntervalSince1970: Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9)
        let startedAt = media.startedAt ?? media.duration.map { endedAt.addingTimeInterval(-Retention.seconds($0)) } ?? endedAt
        let job = location.relativePath.split(separator: "/").first.map(String.init) ?? ""
        let fileExtension = location.url.pathExtension
        var sidecar = Sidecar(
            job: job, run: "unknown", kind: FileKind.guess(fromExtension: fileExtension) ?? .still,
            file: location.relativePath, bytes: location.bytes, sha256: location.sha256,
            startedAt: startedAt, endedAt: endedAt, frames: media.frames, host: host, camschedVersion: camschedVersion)
        if let width = media.width, let height = media.height {
            sidecar.format = .init(pixelFormat: media.pixelFormat ?? "unknown", width: width, height: height)
        }
        if let codec = media.codec { sidecar.encoder = .init(name: "unknown", codec: codec) }
        sidecar.recovered = true
        return sidecar
    }
}
