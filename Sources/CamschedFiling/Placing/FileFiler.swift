import CamschedCore
import SystemPackage
import Foundation
import Glibc

/// Files complete files atomically under an output root.
///
/// A file is written as `NAME.EXT.partial` beside its final name, flushed (`fsync`), then
/// moved to `NAME.EXT` without ever replacing an existing file: if the name is taken the
/// file becomes `NAME-1.EXT`, `NAME-2.EXT`, …. The move uses `renameat2(RENAME_NOREPLACE)`
/// (or `linkat` + `unlinkat` where the filesystem lacks it), so two writers racing for a name
/// never overwrite each other. The folder is flushed afterwards so that the rename survives
/// a power loss.
///
/// Everything below the root is reached relative to the open root (``OutputRoot``), one
/// folder at a time with `O_NOFOLLOW`; partial files are created with `O_EXCL | O_NOFOLLOW`
/// and marked as camsched's (``PartialMarker``). A link below the root is never followed.
///
/// Placing — the folders, the partial file, the free final name and the rename — is
/// ``FilePlacer``'s part; the filer writes what goes in (or takes a file another writer filled)
/// and hands it over.
package struct FileFiler: Sendable {
    /// The output root, absolute.
    package let root: URL
    let writeCall: FileSink.WriteCall
    /// Whether files are hashed while written (``FiledLocation/sha256`` is empty otherwise).
    let hashes: Bool
    /// Where each file goes and how it takes its name.
    private(set) var placer: FilePlacer

    var outputRoot: OutputRoot { placer.outputRoot }
    /// What the partial files' marker holds: the run id, or the process id.
    var run: String { placer.run }

    /// Creates a filer for an output root. The root is created when the first file is filed.
    /// - Parameters:
    ///   - root: the output root.
    ///   - runID: written into each partial file's marker attribute (`user.camsched.run`);
    ///     the process id when `nil`.
    ///   - hashes: `false` for a caller that reports no hash (`snapshot`, a run whose job keeps
    ///     no sidecar, catalog or MQTT): nothing is hashed, a file written by
    ///     someone else is not read back, and ``FiledLocation/sha256`` is empty.
    package init(root: URL, runID: String? = nil, hashes: Bool = true) {
        self.init(root: root, runID: runID, hashes: hashes, writeCall: { fd, buffer, count in Glibc.write(fd, buffer, count) })
    }

    /// For tests: `writeCall` replaces `write(2)` for the bytes of ``file(relativePath:extension:write:)``.
    init(root: URL, runID: String? = nil, hashes: Bool = true, writeCall: @escaping FileSink.WriteCall) {
        self.root = root.standardizedFileURL
        self.writeCall = writeCall
        self.hashes = hashes
        self.placer = FilePlacer(root: self.root, outputRoot: OutputRoot.shared(path: self.root.path),
                                 run: runID ?? PartialMarker.processValue)
    }

    /// This filer, never giving a file the name `relativeName` (relative path without
    /// extension, e.g. `garden/latest`): a file that would get it is filed as `NAME-1.EXT`.
    /// For the job's `latest` link, which must never take a filed file's place.
    package func avoiding(name relativeName: String) -> FileFiler {
        var copy = self
        copy.placer.avoidedName = relativeName
        return copy
    }

    // MARK: Writing a file in one go

    /// Writes and files one complete file.
    ///
    /// - Parameters:
    ///   - relativePath: the path under the root without extension, as
    ///     `PathTemplate.render` (CamschedJobs) returns it.
    ///   - extension: the extension without dot (`jpg`, `mp4`).
    ///   - write: writes the content through the ``FileSink``. If it throws, the partial file
    ///     is removed and the error is passed on (a ``FilingError`` as is, anything else as
    ///     ``FilingError/writerFailed(path:message:)``).
    /// - Returns: where the file was filed (possibly `NAME-N.EXT`), its size and SHA-256.
    /// - Throws: ``FilingError``; ``FilingError/diskFull(filesystem:freeBytes:path:errno:)``
    ///   when the filesystem fills up. The partial file is gone then, and no existing file
    ///   was touched. ``FilingError/linkInPath(path:)`` when a folder below the root is a link.
    package func file(
        relativePath: String, extension fileExtension: String, write: (FileSink) throws -> Void
    ) throws(FilingError) -> FiledLocation {
        try file(relativePath: relativePath, extension: fileExtension, reservingSidecar: false, write: write).location
    }

    /// The same, taking the room for the file's sidecar first when `reservingSidecar`
    /// (``SidecarSlot``, as ``reservePartial(relativePath:extension:reservingSidecar:)`` does
    /// for recordings): a file filed then can always be described. No room for the slot is a
    /// full disk, before anything is written (a still not worth keeping undescribed).
    /// - Returns: where the file was filed, and the slot to write its sidecar into (or release).
    package func file(
        relativePath: String, extension fileExtension: String, reservingSidecar: Bool, write: (FileSink) throws -> Void
    ) throws(FilingError) -> (location: FiledLocation, sidecarSlot: SidecarSlot?) {
        try writePartial(relativePath: relativePath, extension: fileExtension, reservingSidecar: reservingSidecar,
                         write: write) { (partial: WrittenPartial) throws(FilingError) in
            try placer.flush(partial.created.descriptor, path: partial.created.path)
            // With a sidecar slot, the folder is flushed when the sidecar is (``SidecarSlot``): one
            // journal commit on ext4 for the still's name and its sidecar's data, not two.
            let location = try placer.moveToFinalName(
                in: partial.created.folder, partialName: partial.created.name, folderComponents: partial.created.folderComponents,
                base: partial.base, extension: fileExtension, bytes: partial.bytes, sha256: partial.sha256,
                syncingFolder: partial.slot == nil)
            partial.slot?.owesFolderSync()
            return (location, partial.slot)
        }
    }

    /// A partial file written and not yet flushed or named, with its sidecar's slot if one was taken.
    struct WrittenPartial {
        let created: CreatedPartial
        /// The last component of the path, the name the file is to get without extension.
        let base: Substring
        let bytes: Int64
        /// Empty when the filer does not hash.
        let sha256: String
        let slot: SidecarSlot?
    }

    /// The step every file written by camsched takes: creates the partial file, takes its
    /// sidecar's slot when `reservingSidecar`, writes it through a ``FileSink`` and hands it to
    /// `finish`, which flushes and names it. Whatever fails, the slot is released and the partial
    /// file removed; an error that is not a ``FilingError`` is passed on as
    /// ``FilingError/writerFailed(path:message:)``.
    func writePartial<T>(
        relativePath: String, extension fileExtension: String, reservingSidecar: Bool, write: (FileSink) throws -> Void,
        finish: (WrittenPartial) throws(FilingError) -> T
    ) throws(FilingError) -> T {
        let created = try placer.createPartial(relativePath: relativePath, extension: fileExtension)
        defer { close(created.descriptor) }
        var slot: SidecarSlot?
        do {
            if reservingSidecar {
                slot = try SidecarSlot.reserve(in: created.folder, for: PartialMarker.finalName(ofPartial: created.name),
                                               run: run, root: outputRoot, required: true, bytes: SidecarSlot.reservedBytes)
            }
            let sink = FileSink(descriptor: created.descriptor, partialPath: created.path, root: root.path, hashes: hashes,
                                    writeCall: writeCall)
            do {
                try write(sink)
            } catch let error as FilingError {
                throw error
            } catch {
                throw FilingError.writerFailed(path: created.path, message: String(describing: error))
            }
            let base = try FilePlacer.components(of: relativePath).last ?? ""
            return try finish(WrittenPartial(created: created, base: base, bytes: sink.bytesWritten,
                                             sha256: sink.hasher?.finalize().hex ?? "", slot: slot))
        } catch let error as FilingError {
            slot?.release()
            try? created.folder.remove(created.name)
            throw error
        } catch {
            slot?.release()
            try? created.folder.remove(created.name)
            throw .writerFailed(path: created.path, message: String(describing: error))
        }
    }

    // MARK: Files written by someone else

    /// Creates `NAME.EXT.partial` for another writer (a recorder) and locks it until
    /// ``commit(_:)`` or ``abandon(_:)``.
    /// - Parameter reservingSidecar: also take room for the sidecar now
    ///   (``PartialFile/sidecarSlot``), so that the file can be described when the writer
    ///   has filled the disk.
    /// - Throws: ``FilingError`` when the folders or the file cannot be created.
    package func reservePartial(relativePath: String, extension fileExtension: String,
                               reservingSidecar: Bool = false) throws(FilingError) -> PartialFile {
        let created = try placer.createPartial(relativePath: relativePath, extension: fileExtension)
        let slot = reservingSidecar
            ? SidecarSlot.reserve(in: created.folder, for: PartialMarker.finalName(ofPartial: created.name), run: run, root: outputRoot)
            : nil
        return PartialFile(created: created, relativePath: relativePath, fileExtension: fileExtension, sidecarSlot: slot)
    }

    /// Flushes a reserved partial file written by someone else and files it under its final
    /// name (no overwrite: `NAME-N.EXT` if taken). Its size and SHA-256 are read from disk.
    /// - Parameter describe: the sidecar's bytes for the file at a location. Given, with the
    ///   partial's sidecar slot, the sidecar is written and flushed before the file takes its
    ///   name and takes its own right after (as a still's, ``file(relativePath:extension:write:describe:)``):
    ///   no moment leaves the file under its final name with nothing that describes it.
    /// - Throws: ``FilingError``; on `ENOSPC` the partial is removed.
    ///   ``FilingError/notOurs(path:reason:)`` when the name now holds a link or another
    ///   user's file.
    package func commit(_ partial: PartialFile, describe: ((FiledLocation) throws -> Data)? = nil) throws(FilingError) -> FiledLocation {
        let path = partial.path
        guard let fd = partial.take() else { throw .partialAlreadyClosed(path: path) }
        defer { close(fd) }
        // Whoever the filesystem says owns the file we created (root squashed to nobody on
        // NFS, say) must own what is under the name now.
        var reserved = stat()
        let owner = fstat(fd, &reserved) == 0 ? reserved.st_uid : geteuid()
        do throws(FilingError) {
            try placer.restore(partial, from: fd)
            // The writer may have replaced the partial by renaming a finished file over it (a
            // recorder's final remux): hash and flush what is under the name now — but never
            // through a link, and only a regular file of our own.
            let current: Int32
            switch partial.folder.openFile(partial.name, flags: O_RDONLY) {
            case .success(let opened): current = opened
            case .failure(let error) where error.rawValue == ELOOP: throw .notOurs(path: path, reason: "a symbolic link")
            case .failure(let error): throw .systemCall(name: "openat", path: path, errno: error.rawValue)
            }
            defer { close(current) }
            var status = stat()
            guard fstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == owner else {
                throw .notOurs(path: path, reason: "not a regular file of uid \(owner)")
            }
            // A writer's final remux is a new file without the partial's mark: marked again, so
            // that the file is known as this run's even if it loses its sidecar (FileProbe).
            _ = PartialMarker.mark(current, run: run)
            try placer.flush(current, path: path)
            // Without hashes (nothing records them) the file is not read back at all.
            let (digest, bytes) = hashes ? try SHA256Digest.ofDescriptor(current, path: path) : (nil, Int64(status.st_size))
            let components = try FilePlacer.components(of: partial.relativePath)
            if let describe, let slot = partial.sidecarSlot, slot.isInPlace {
                let named = CreatedPartial(descriptor: current, folder: partial.folder, folderComponents: Array(components.dropLast()),
                                           name: partial.name, path: path)
                return try placer.fileWithSidecar((named, components.last ?? "", partial.fileExtension, bytes, digest?.hex ?? ""),
                                           slot: slot, describe, flushed: true)
            }
            return try placer.moveToFinalName(
                in: partial.folder, partialName: partial.name, folderComponents: Array(components.dropLast()),
                base: components.last ?? "", extension: partial.fileExtension, bytes: bytes, sha256: digest?.hex ?? "")
        } catch {
            if case .diskFull = error { try? partial.folder.remove(partial.name) }
            partial.sidecarSlot?.release()
            throw error
        }
    }

    /// Removes a reserved partial file (and its sidecar slot) and releases it. Nothing is filed.
    package func abandon(_ partial: PartialFile) {
        partial.sidecarSlot?.release()
        let fd = partial.take()
        try? partial.folder.remove(partial.name)
        if let fd { close(fd) }
    }

    /// The error for a full disk under `root`: how much is free there and on which filesystem.
    static func diskFull(root: String, path: String, errno code: Int32) -> FilingError {
        let free = (try? FilesystemSpace.freeBytes(at: root)) ?? 0
        return .diskFull(filesystem: FilesystemSpace.mountPoint(of: root), freeBytes: free, path: path, errno: code)
    }
}
