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
    /// catalog's own files and the MQTT queues' folder at the top are skipped.
    init(root: String) {
        guard let top = try? FolderDescriptor.open(path: root) else { return }
        walk(top, relative: "")
    }

    private mutating func walk(_ folder: FolderDescriptor, relative: String) {
        for (name, type) in Self.entries(in: folder).sorted(by: { $0.name < $1.name }) {
            let path = relative.isEmpty ? name : relative + "/" + name
            if relative.isEmpty, name.hasPrefix(Catalog.fileName) || name == MQTTQueueFolder.name { continue }
            // readdir's type saves an fstatat per file (a cron run scans the whole root at each
            // start); a filesystem that does not fill it in is asked.
            guard let kind = type ?? (try? folder.status(name)).flatMap({ $0 }).map({ $0.st_mode & S_IFMT }) else { continue }
            switch kind {
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

    /// The entries of a folder, without `.` and `..`, each with its file type (`S_IFREG`,
    /// `S_IFDIR`, `S_IFLNK`…) where readdir tells it (`d_type`), else nil. The corresponding C
    /// calls are `fdopendir` and `readdir`.
    static func entries(in folder: FolderDescriptor) -> [(name: String, type: mode_t?)] {
        guard let copy = try? folder.duplicate() else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        var entries: [(name: String, type: mode_t?)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { entries.append((name, fileType(entry.pointee.d_type))) }
        }
        return entries
    }

    /// The `st_mode` file type of a `d_type`; nil for `DT_UNKNOWN` (and anything unexpected).
    static func fileType(_ type: UInt8) -> mode_t? {
        switch Int(type) {
        case Int(DT_REG): S_IFREG
        case Int(DT_DIR): S_IFDIR
        case Int(DT_LNK): S_IFLNK
        case Int(DT_FIFO): S_IFIFO
        case Int(DT_SOCK): S_IFSOCK
        case Int(DT_CHR): S_IFCHR
        case Int(DT_BLK): S_IFBLK
        default: nil
        }
    }
}
