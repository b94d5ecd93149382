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

    /// Walks `root` through folder descriptors (`openat` with `O_NOFOLLOW`, `fstatat` with
    /// `AT_SYMLINK_NOFOLLOW`), so that a link never leads the walk outside the root. The
    /// catalog's own files at the top are skipped.
    init(root: String) {
        guard let top = try? FolderDescriptor.open(path: root) else { return }
        walk(top, relative: "")
    }

    private mutating func walk(_ folder: FolderDescriptor, relative: String) {
        for name in Self.names(in: folder).sorted() {
            let path = relative.isEmpty ? name : relative + "/" + name
            if relative.isEmpty, name.hasPrefix(Catalog.fileName) { continue }
            guard let status = try? folder.status(name) else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                if let below = try? folder.folder(name, create: false) { walk(below, relative: path) }
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

    /// The entries of a folder, without `.` and `..`. The corresponding C calls are
    /// `fdopendir` and `readdir`.
    static func names(in folder: FolderDescriptor) -> [String] {
        guard let copy = try? folder.duplicate() else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
