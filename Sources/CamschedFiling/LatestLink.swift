import Foundation
import Glibc

/// The `latest.EXT` symbolic link in a job's folder, pointing at the newest file.
public enum LatestLink {
    /// Points `FOLDER/latest.EXT` at `target`, replacing any previous link atomically: the
    /// new link is made under a temporary name and renamed over the old one, so readers
    /// always find a link. The link is relative, so the tree can be moved or mounted elsewhere.
    /// - Parameters:
    ///   - folder: the job's folder.
    ///   - target: the newly filed file (inside `folder` or below it); its extension names the link.
    /// - Returns: the link's location.
    /// - Throws: ``FilingError/systemCall(name:path:errno:)``.
    @discardableResult
    public static func update(folder: URL, target: URL) throws(FilingError) -> URL {
        let folderPath = folder.standardizedFileURL.path
        let targetPath = target.standardizedFileURL.path
        let fileExtension = target.pathExtension
        let link = folderPath + "/latest" + (fileExtension.isEmpty ? "" : "." + fileExtension)
        let destination = relativePath(from: folderPath, to: targetPath)
        // Ends in .partial so a kill between the two steps leaves something recovery removes.
        let temporary = link + ".\(getpid()).partial"
        try SystemCall.removeIfPresent(temporary)
        try SystemCall.run("symlink", path: temporary) { symlink(destination, temporary) }
        do {
            try SystemCall.run("rename", path: link) { rename(temporary, link) }
        } catch {
            try? SystemCall.removeIfPresent(temporary)
            throw error
        }
        return URL(fileURLWithPath: link)
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
