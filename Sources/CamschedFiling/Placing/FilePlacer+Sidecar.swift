import Foundation
import Glibc

extension FilePlacer {
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
            let sidecarWritten = try slot.prepare(try Self.described(location, describe, path: file.created.path))
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

    /// The sidecar's bytes for the file at `location`; a failure of `describe` as a ``FilingError``.
    static func described(_ location: FiledLocation, _ describe: (FiledLocation) throws -> Data,
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
