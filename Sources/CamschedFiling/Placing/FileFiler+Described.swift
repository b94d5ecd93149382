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
                try placer.flush(created.descriptor, path: created.path)
                let location = try placer.moveToFinalName(in: created.folder, partialName: created.name,
                                                          folderComponents: created.folderComponents, base: partial.base, extension: fileExtension, bytes: partial.bytes, sha256: partial.sha256)
                try AtomicReplace.write(try FilePlacer.described(location, describe, path: created.path), to: location.sidecarURL.path)
                return location
            }
            return try placer.fileWithSidecar((partial.created, partial.base, fileExtension, partial.bytes, partial.sha256), slot: slot, describe)
        }
    }
}
