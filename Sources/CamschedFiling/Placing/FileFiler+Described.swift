import Foundation
import Glibc

extension FileFiler {
    /// Writes and files one complete file together with its sidecar (a still), in one journal
    /// commit on ext4 (two elsewhere).
    ///
    /// The file and the sidecar — written for the name the file is about to get — are both
    /// made durable while still partial files: on an ext4 with an ordered journal
    /// (``OrderedJournal``) written back and waited for, so that the folder's one flush commits
    /// their blocks with their names; elsewhere each flushed (`fsync`). Only then do both take
    /// their names (the file without replacing anything, the sidecar replacing a stale one),
    /// and the folder is flushed once.
    /// When this returns, both are on disk under their final names. A power cut before that
    /// leaves one of: both partial (the next start recovers the file), the file named and the
    /// sidecar partial (the file is adopted, as after a cut before its sidecar was written), or
    /// — on a filesystem that could reorder the two renames — the sidecar named and the file
    /// partial: the next start then completes the file's rename, since the sidecar names it
    /// and holds its hash (see ``PartialRecovery``).
    ///
    /// - Parameters:
    ///   - relativePath: the path under the root without extension.
    ///   - extension: the extension without dot.
    ///   - write: writes the content through the ``FileSink``.
    ///   - describe: the sidecar's bytes for the file at a location (called again, rarely, when
    ///     another writer took that name meanwhile).
    /// - Returns: where the file was filed (possibly `NAME-N.EXT`); its sidecar is beside it.
    /// - Throws: ``FilingError``; nothing is left under a final name then, nor as a partial.
    package func file(
        relativePath: String, extension fileExtension: String, write: (FileSink) throws -> Void,
        describe: (FiledLocation) throws -> Data
    ) throws(FilingError) -> FiledLocation {
        try writePartial(relativePath: relativePath, extension: fileExtension, reservingSidecar: true,
                         write: write) { (partial: WrittenPartial) throws(FilingError) in
            guard let slot = partial.slot else {
                // The sidecar's name is held by something else: file, then describe the usual way.
                let created = partial.created
                try flush(created.descriptor, path: created.path)
                let location = try moveToFinalName(in: created.folder, partialName: created.name, folderComponents: created.folderComponents,
                                                   base: partial.base, extension: fileExtension, bytes: partial.bytes, sha256: partial.sha256)
                try AtomicReplace.write(try described(location, describe, path: created.path), to: location.sidecarURL.path)
                return location
            }
            return try fileWithSidecar((partial.created, partial.base, fileExtension, partial.bytes, partial.sha256), slot: slot, describe)
        }
    }

    /// Describes the file for the first free name, flushes both, names both, flushes the folder.
    /// - Parameter flushed: the file is flushed already (a committed recording).
    func fileWithSidecar(
        _ file: (created: CreatedPartial, base: Substring, extension: String, bytes: Int64, sha256: String), slot: SidecarSlot,
        _ describe: (FiledLocation) throws -> Data, flushed alreadyFlushed: Bool = false
    ) throws(FilingError) -> FiledLocation {
        let folder = file.created.folder
        let prefix = file.created.folderComponents.isEmpty ? "" : file.created.folderComponents.joined(separator: "/") + "/"
        var flushed = alreadyFlushed
        let oneCommit = OrderedJournal.holds(forFolder: folder.descriptor)
        for attempt in (isAvoided(file.created.folderComponents, file.base) ? 1 : 0)..<10_000 {
            let name = (attempt == 0 ? "\(file.base)" : "\(file.base)-\(attempt)") + "." + file.extension
            // Taken when anything is there, or its sidecar (as in ``moveToFinalName``).
            if try folder.status(name) != nil { continue }
            if try folder.status(name + ".json") != nil { continue }
            let location = FiledLocation(url: URL(fileURLWithPath: root.path + "/" + prefix + name), relativePath: prefix + name,
                                         bytes: file.bytes, sha256: file.sha256)
            let sidecarWritten = try slot.prepare(try described(location, describe, path: file.created.path))
            if !flushed {
                // Written back, the file's bytes are made durable by the folder's flush below.
                // Elsewhere written back first all the same, so that its blocks and the
                // sidecar's go in one commit and the sidecar's flush has none of its own.
                if !FilingCall.writeBack(file.created.descriptor) || !oneCommit {
                    try flush(file.created.descriptor, path: file.created.path)
                }
                flushed = true
            }
            if !(oneCommit && sidecarWritten) { try slot.flush() }
            guard try folder.moveWithoutReplacing(file.created.name, to: name) else { continue }
            do throws(FilingError) {
                try slot.publish(as: name + ".json")
            } catch {
                // No file under a final name without its sidecar: back to a partial.
                try? folder.rename(name, to: file.created.name)
                throw error
            }
            try folder.sync()
            return location
        }
        throw .noFreeName(path: root.path + "/" + prefix + file.base + "." + file.extension)
    }

    private func described(_ location: FiledLocation, _ describe: (FiledLocation) throws -> Data,
                           path: String) throws(FilingError) -> Data {
        do {
            return try describe(location)
        } catch let error as FilingError {
            throw error
        } catch {
            throw .writerFailed(path: path, message: "could not describe the file: \(error)")
        }
    }
}
