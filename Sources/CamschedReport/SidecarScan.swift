import CamschedFiling
import Foundation

/// The sidecars below a folder: every `NAME.EXT.json` whose `EXT` is a still or video
/// extension camsched writes. What does not decode is noted and skipped, never fatal.
enum SidecarScan {
    struct Result {
        var files: [RunReport.File] = []
        var notes: [String] = []
    }

    /// More sidecars than a report reads from one folder: the rest is noted, not read.
    static let limit = 100_000
    /// A sidecar is a few kilobytes; a bigger `.json` is not read into memory.
    static let maxSidecarBytes = 1 << 20

    static func scan(_ directory: URL) -> Result {
        var result = Result()
        let base = directory.standardizedFileURL
        guard let walker = FileManager.default.enumerator(
            at: base, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey], options: [.skipsHiddenFiles]) else { return result }
        var seen = 0
        while let url = walker.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            let media = url.deletingPathExtension()
            guard FileKind.guess(fromExtension: media.pathExtension) != nil,
                  let kind = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey]),
                  kind.isRegularFile == true, kind.isSymbolicLink != true else { continue }
            seen += 1
            if seen > limit {
                result.notes.append("more than \(limit) sidecars below \(base.path): the rest were not read")
                break
            }
            let relative = url.path.hasPrefix(base.path + "/") ? String(url.path.dropFirst(base.path.count + 1)) : url.path
            if (kind.fileSize ?? 0) > maxSidecarBytes {
                result.notes.append("\(relative): \(kind.fileSize ?? 0) bytes is no sidecar (they are a few kB); skipped")
                continue
            }
            do {
                result.files.append(RunReport.File(sidecar: try Sidecar.read(from: url), url: media))
            } catch {
                result.notes.append("\(relative): not a readable sidecar (\(error)); skipped")
            }
        }
        return result
    }
}
