import CamschedFiling
import Glibc

/// What the metrics file's name holds in its folder, looked at without following a symbolic
/// link and without opening it (`fstatat(AT_SYMLINK_NOFOLLOW)`): opening a FIFO would block, and
/// opening a device node may do something. The writer replaces only a regular file and creates
/// one where there is nothing; everything else is refused and left as it is.
enum MetricsFileTarget: Equatable, Sendable {
    case absent
    case regularFile(device: UInt64, inode: UInt64)
    case folder
    case symbolicLink(target: String)
    /// A FIFO, a device node or a socket, described for the user ("a named pipe (FIFO)").
    case special(kind: String)

    /// Looks at `name` in `folder`.
    /// - Throws: ``FilingError/systemCall(name:path:errno:)`` when `fstatat` fails for another
    ///   reason than the name being absent.
    static func inspect(_ name: String, in folder: FolderDescriptor) throws(FilingError) -> MetricsFileTarget {
        guard let status = try folder.status(name) else { return .absent }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink(target: linkTarget(name, in: folder))
        case S_IFIFO: return .special(kind: "a named pipe (FIFO)")
        case S_IFCHR: return .special(kind: "a character device")
        case S_IFBLK: return .special(kind: "a block device")
        case S_IFSOCK: return .special(kind: "a socket")
        default: return .special(kind: "neither a file nor a folder")
        }
    }

    /// Whether the writer may put its file here: over a regular file, or where there is nothing.
    /// - Throws: the refusal that says what is there and what to do.
    func requireReplaceable(path: String) throws(MetricsFileError) {
        switch self {
        case .absent, .regularFile: return
        case .folder: throw .isAFolder(path: path)
        case let .symbolicLink(target): throw .symbolicLink(path: path, target: target)
        case let .special(kind): throw .notARegularFile(path: path, kind: kind)
        }
    }

    /// The text of the link (for the message only; never followed). The corresponding C call is `readlinkat`.
    private static func linkTarget(_ name: String, in folder: FolderDescriptor) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(folder.descriptor, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
