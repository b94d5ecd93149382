import CamschedCore
import SystemPackage
import Foundation
import Glibc

extension PartialRecovery {
    func recoverOne(_ entry: Entry, modified: timespec, into report: inout RecoveryReport) {
        let relative = entry.relative
        let finalName = PartialMarker.finalName(ofPartial: entry.name)
        let prefix = entry.folderComponents.isEmpty ? "" : entry.folderComponents.joined(separator: "/") + "/"
        if completeFromItsSidecar(entry, finalName: finalName, into: &report) { return }
        // The recover function gets the partial through the open folder, so that it cannot be
        // sent elsewhere either.
        let partialURL = URL(fileURLWithPath: (entry.folder.procPath ?? entry.folder.path) + "/" + entry.name)
        let media: RecoveredMedia?
        do {
            media = try recover(partialURL, root.appendingPathComponent(prefix + finalName))
        } catch {
            logger.error("could not recover \(relative): \(error); the partial file is kept for another try")
            report.failed[relative] = String(describing: error)
            return
        }
        guard let media else {
            try? entry.folder.remove(entry.name)
            logger.warning("nothing of \(relative) could be recovered (a process was killed while writing it); deleted it")
            report.discarded.append(relative)
            return
        }
        do {
            let location = try file(media, entry: entry, finalName: finalName)
            let sidecar = makeSidecar(for: location, media: media, modified: modified)
            do { try sidecar.write(to: location.sidecarURL) } catch { throw CatalogError.sidecar(error) }
            try catalog?.files.record(sidecar)
            logger.notice("recovered \(location.relativePath) from a partial file left by a killed process")
            report.recovered.append(location)
        } catch {
            logger.error("could not file the recovered \(relative): \(error)")
            report.failed[relative] = String(describing: error)
        }
    }

    /// Moves the recovered file (in the partial's folder) to its final name; a remux
    /// replaces the partial.
    private func file(_ media: RecoveredMedia, entry: Entry, finalName: String) throws -> FiledLocation {
        let sourceName = media.file.lastPathComponent
        let sourcePath = entry.folder.path + "/" + sourceName
        let descriptor: Int32
        switch entry.folder.openFile(sourceName, flags: O_RDONLY) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw FilingError.systemCall(name: "openat", path: sourcePath, errno: error.rawValue)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == entry.owner else {
            throw FilingError.notOurs(path: sourcePath, reason: "not a regular file of uid \(entry.owner)")
        }
        let (digest, bytes) = try SHA256Digest.ofDescriptor(descriptor, path: sourcePath)
        try FilingCall.run("fsync", path: sourcePath) { fsync(descriptor) }
        let fileExtension = (finalName as NSString).pathExtension
        let base = fileExtension.isEmpty ? finalName : String(finalName.dropLast(fileExtension.count + 1))
        let location = try FileFiler(root: root).placer.moveToFinalName(
            in: entry.folder, partialName: sourceName, folderComponents: entry.folderComponents, base: Substring(base),
            extension: fileExtension, bytes: bytes, sha256: digest.hex)
        if sourceName != entry.name { try entry.folder.remove(entry.name) }
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
