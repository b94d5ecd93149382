import Foundation
import Glibc

extension PartialRecovery {
    /// Completes the filing of a partial file whose sidecar already has its final name and
    /// describes it: the sidecar names `finalName` and holds the partial's exact size and
    /// SHA-256. A still and its sidecar are flushed as partial files and then renamed together
    /// (``FileFiler/file(relativePath:extension:write:describe:)``); a power cut between the two
    /// renames can keep the sidecar's and lose the still's only on a filesystem that reorders
    /// renames in one folder. The file is whole then: it takes its name, keeps its sidecar, and
    /// its row is written.
    /// - Returns: whether the partial was filed so.
    func completeFromItsSidecar(_ entry: Entry, finalName: String, into report: inout RecoveryReport) -> Bool {
        let folder = entry.folder
        do {
            if try folder.status(finalName) != nil { return false }
        } catch {
            return false
        }
        guard let sidecar = ownSidecar(named: finalName + ".json", in: entry) else { return false }
        let prefix = entry.folderComponents.isEmpty ? "" : entry.folderComponents.joined(separator: "/") + "/"
        guard sidecar.file == prefix + finalName, case .success(let fd) = folder.openFile(entry.name, flags: O_RDONLY) else { return false }
        defer { close(fd) }
        let path = folder.path + "/" + entry.name
        guard let (digest, bytes) = try? SHA256Digest.ofDescriptor(fd, path: path), digest.hex == sidecar.sha256,
              bytes == sidecar.bytes, fsync(fd) == 0 else { return false }
        return name(entry, as: finalName, describedBy: sidecar, bytes: bytes, sha256: digest.hex, into: &report,
                    saying: "filed \(sidecar.file), which a power cut had left as a partial file beside its sidecar")
    }

    /// Gives a sidecar partial (`NAME.EXT.json.partial`, open as `fd`) its final name when it
    /// decodes and describes the file now under `NAME.EXT` — its path, exact size and SHA-256:
    /// the file was named and the process killed before its sidecar took its own name. The
    /// file's row is written too.
    /// - Returns: whether the sidecar was published so.
    func publishFlushedSidecar(_ entry: Entry, fd: Int32, into report: inout RecoveryReport) -> Bool {
        let sidecarName = PartialMarker.finalName(ofPartial: entry.name)
        let fileName = String(sidecarName.dropLast(".json".count))
        let prefix = entry.folderComponents.isEmpty ? "" : entry.folderComponents.joined(separator: "/") + "/"
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_size > 0, status.st_size < 16 << 20,
              let data = try? FileHandle(fileDescriptor: fd, closeOnDealloc: false).readToEnd(),
              let sidecar = try? Sidecar.decode(from: data), sidecar.file == prefix + fileName,
              case .success(let file) = entry.folder.openFile(fileName, flags: O_RDONLY | O_NONBLOCK) else { return false }
        defer { close(file) }
        var fileStatus = stat()
        guard fstat(file, &fileStatus) == 0, (fileStatus.st_mode & S_IFMT) == S_IFREG, fileStatus.st_uid == entry.owner,
              let (digest, bytes) = try? SHA256Digest.ofDescriptor(file, path: entry.folder.path + "/" + fileName),
              digest.hex == sidecar.sha256, bytes == sidecar.bytes else { return false }
        return name(entry, as: sidecarName, describedBy: sidecar, bytes: bytes, sha256: digest.hex, into: &report,
                    saying: "gave \(sidecar.file) the sidecar a kill had left unnamed beside it")
    }

    /// Gives the partial `entry` the name `finalName` (never replacing), flushes the folder,
    /// writes the row of the file `sidecar` describes and reports it recovered.
    /// - Returns: whether the name was taken.
    private func name(_ entry: Entry, as finalName: String, describedBy sidecar: Sidecar, bytes: Int64, sha256: String,
                      into report: inout RecoveryReport, saying notice: String) -> Bool {
        do {
            guard try entry.folder.moveWithoutReplacing(entry.name, to: finalName) else { return false }
            try entry.folder.sync()
        } catch {
            return false
        }
        do {
            try catalog?.files.record(sidecar)
        } catch {
            logger.warning("\(sidecar.file) is filed but its catalog row could not be written (\(error)); `camsched catalog verify --repair` adds it")
        }
        logger.notice("\(notice)")
        report.recovered.append(FiledLocation(url: root.appendingPathComponent(sidecar.file), relativePath: sidecar.file,
                                              bytes: bytes, sha256: sha256))
        return true
    }

    /// The sidecar `name` in the entry's folder when it is a regular file of camsched's user
    /// (read without following a link) and decodes.
    private func ownSidecar(named name: String, in entry: Entry) -> Sidecar? {
        guard case .success(let fd) = entry.folder.openFile(name, flags: O_RDONLY | O_NONBLOCK) else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == entry.owner,
              status.st_size < 16 << 20 else { return nil }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        guard let data = try? handle.readToEnd() else { return nil }
        return try? Sidecar.decode(from: data)
    }
}
