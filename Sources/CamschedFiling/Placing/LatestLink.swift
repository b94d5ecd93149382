import Foundation
import Glibc

/// The `latest.EXT` symbolic link in a job's folder, pointing at the newest file.
package enum LatestLink {
    /// Points `FOLDER/latest.EXT` at `target`, replacing any previous link atomically: the
    /// new link is made under a temporary name and renamed over the old one, so readers
    /// always find a link. The link is relative, so the tree can be moved or mounted elsewhere.
    /// Below an output root in use, the folder is reached through the open root without
    /// following links. Only a link (or nothing) under `latest.EXT` is replaced, never written
    /// through: a file or folder there — a filed picture, say — is left as it is.
    /// - Parameters:
    ///   - folder: the job's folder.
    ///   - target: the newly filed file (inside `folder` or below it); its extension names the link.
    /// - Returns: the link's location.
    /// - Throws: ``FilingError/notOurs(path:reason:)`` when `latest.EXT` is not a link;
    ///   ``FilingError/systemCall(name:path:errno:)``.
    @discardableResult
    package static func update(folder: URL, target: URL) throws(FilingError) -> URL {
        let folderPath = folder.standardizedFileURL.path
        let targetPath = target.standardizedFileURL.path
        let fileExtension = target.pathExtension
        let name = "latest" + (fileExtension.isEmpty ? "" : "." + fileExtension)
        let destination = relativePath(from: folderPath, to: targetPath)
        let (descriptor, root) = try AtomicReplace.folder(holding: folderPath + "/" + name)
        // Ends in .partial so a kill between the two steps leaves something recovery removes
        // (a link of camsched's user named latest.*.partial). A name another user took is
        // left alone.
        let temporary = try temporaryName(for: name, in: descriptor, owner: root?.ownerOfNewFiles ?? geteuid())
        try descriptor.makeLink(temporary, to: destination)
        do {
            try put(temporary, at: name, in: descriptor)
        } catch {
            try? descriptor.remove(temporary)
            throw error
        }
        return URL(fileURLWithPath: folderPath + "/" + name)
    }

    /// Moves the new link `temporary` to `name`: without replacing when nothing is there,
    /// over it when it is a link; anything else there is refused.
    private static func put(_ temporary: String, at name: String, in folder: FolderDescriptor) throws(FilingError) {
        for _ in 0..<10 {
            guard let status = try folder.status(name) else {
                if try folder.moveWithoutReplacing(temporary, to: name) { return }
                continue  // something appeared meanwhile: look again
            }
            guard (status.st_mode & S_IFMT) == S_IFLNK else {
                throw .notOurs(path: folder.path + "/" + name, reason: "not a link; the latest link never replaces a file")
            }
            try folder.rename(temporary, to: name)
            return
        }
        throw .noFreeName(path: folder.path + "/" + name)
    }

    /// `latest.EXT.PID.partial`, a stale one of ours removed; `latest.EXT.PID-N.partial` when
    /// another user's entry holds the name.
    private static func temporaryName(for name: String, in folder: FolderDescriptor, owner: uid_t) throws(FilingError) -> String {
        for attempt in 0..<100 {
            let temporary = name + ".\(getpid())" + (attempt == 0 ? "" : "-\(attempt)") + ".partial"
            guard let status = try folder.status(temporary) else { return temporary }
            guard status.st_uid == owner else { continue }
            try folder.remove(temporary)
            return temporary
        }
        throw .noFreeName(path: folder.path + "/" + name + ".\(getpid()).partial")
    }

    /// `target` relative to the folder `base` (both absolute, standardised).
    static func relativePath(from base: String, to target: String) -> String {
        let baseParts = base.split(separator: "/")
        let targetParts = target.split(separator: "/")
        var common = 0
        while common < baseParts.count, common < targetParts.count, baseParts[common] == targetParts[common] {
            common += 1
        }
        let ups = Array(repeating: "..", count: baseParts.count - common)
        return (ups + targetParts[common...].map(String.init)).joined(separator: "/")
    }
}
