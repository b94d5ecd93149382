import Foundation
import Glibc

/// The files under an output root, sorted into what the filing layer put there.
struct RootScan {
    /// Regular files, relative to the root (media files, sidecars, anything else).
    var files: [String] = []
    /// `*.partial` entries (regular files or links), relative to the root.
    var partials: [String] = []
    /// Symbolic links named `latest.*`.
    var latestLinks: [String] = []
    /// Other symbolic links and special files.
    var others: [String] = []

    /// Walks `root` without following links. The catalog's own files at the top are skipped.
    init(root: String) {
        walk(root: root, relative: "")
    }

    private mutating func walk(root: String, relative: String) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            let path = relative.isEmpty ? name : relative + "/" + name
            if relative.isEmpty, name.hasPrefix(Catalog.fileName) { continue }
            var status = stat()
            guard lstat(root + "/" + path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                walk(root: root, relative: path)
            case S_IFLNK:
                if name.hasSuffix(".partial") { partials.append(path) }
                else if name.hasPrefix("latest.") { latestLinks.append(path) }
                else { others.append(path) }
            case S_IFREG:
                if name.hasSuffix(".partial") { partials.append(path) } else { files.append(path) }
            default:
                others.append(path)
            }
        }
    }
}
